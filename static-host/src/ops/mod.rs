//! Operator commands. The reference API has no admin HTTP API, so the shop's side of
//! the order flow (preparing, shipping, delivering, receiving returns) is done from the
//! command line, on the data directory's database:
//!
//! ```text
//! static-host --data-dir storefront-data order-status 12 processing shipped delivered
//! ```
//!
//! Each status is one step through [`state_machine::advance`] (actor `shop`), in order:
//! only the changes the core's table allows happen, each with its effects (stock,
//! refunds, points, referral rewards, history, a notification) in its own transaction.
//! The first refused step stops the command: the steps before it stay, the refused one
//! changes nothing. It is safe to run while the server serves the same directory
//! (SQLite WAL; the write waits for the server's writer).
//!
//! Reviews are moderated the same way:
//!
//! ```text
//! static-host --data-dir storefront-data review hide 12
//! static-host --data-dir storefront-data review show 12
//! ```
//!
//! A hidden review leaves the product's review list and its rating, which is written
//! again in the same transaction.
//!
//! Offers and the newsletter reach the bell of the customers who asked for them
//! (their preferences' "offers" and "newsletter"), in both languages:
//!
//! ```text
//! static-host --data-dir storefront-data announce offers "10% off fruit" "خصم ١٠٪ على الفاكهة" "Until Friday." "حتى الجمعة."
//! ```

pub mod check_db;

use std::io::Write;
use std::path::PathBuf;

use storefront_core::orders::OrderStatus;

use crate::Config;
use crate::account::notifications::{Kind, NewNotification, notify};
use crate::account::order_effects::AccountEffects;
use crate::db::{Db, DbError};
use crate::orders::order_number;
use crate::orders::state_machine::{Actor, StatusChangeError, advance};

/// The file of the API's database inside the data directory.
pub const DATABASE_FILE: &str = "storefront.db";

pub use crate::config::{Announcement, Command, ReviewVisibility};

#[derive(Debug, thiserror::Error)]
pub enum OpsError {
    #[error("no database at {0}: start the server on this data directory first")]
    NoDatabase(String),
    #[error(transparent)]
    Db(#[from] DbError),
    #[error("{0:?} is not an order id")]
    BadOrder(String),
    #[error("{0:?} is not an order status (one of: {list})", list = known_statuses())]
    BadStatus(String),
    #[error("order {0} does not exist")]
    NotFound(i64),
    #[error("{0:?} is not a review id")]
    BadReview(String),
    #[error("review {0} does not exist")]
    NoReview(i64),
    #[error("refused: {0}")]
    Refused(String),
    #[error("{0}")]
    Failed(String),
    #[error("cannot write the output: {0}")]
    Io(#[from] std::io::Error),
    #[error("{count} invariant(s) broken: {names}", count = .0.len(), names = .0.join(", "))]
    Broken(Vec<&'static str>),
}

fn known_statuses() -> String {
    OrderStatus::ALL
        .iter()
        .map(|s| s.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// An order id as typed: `12`, or the customer's number `#100012` / `100012`.
pub fn parse_order(text: &str) -> Result<i64, OpsError> {
    let trimmed = text.trim();
    let (digits, is_number) = match trimmed.strip_prefix('#') {
        Some(rest) => (rest, true),
        None => (trimmed, false),
    };
    let value: i64 = digits
        .parse()
        .ok()
        .filter(|v| *v > 0)
        .ok_or_else(|| OpsError::BadOrder(text.to_owned()))?;
    if is_number {
        return (value > 100_000)
            .then_some(value - 100_000)
            .ok_or_else(|| OpsError::BadOrder(text.to_owned()));
    }
    Ok(value)
}

/// A review id as typed: a whole number from 1.
pub fn parse_review(text: &str) -> Result<i64, OpsError> {
    text.trim()
        .parse()
        .ok()
        .filter(|id| *id > 0)
        .ok_or_else(|| OpsError::BadReview(text.to_owned()))
}

/// Hides or shows a review, printing what was done and the product's rating after.
fn review_visibility(
    config: &Config,
    action: ReviewVisibility,
    review: &str,
    out: &mut impl Write,
) -> Result<(), OpsError> {
    let id = parse_review(review)?;
    let db = Db::open(&database_path(&config.data_dir)?, 1)?;
    let hidden = action == ReviewVisibility::Hide;
    let done = db
        .with_writer(|conn| crate::reviews::set_hidden(conn, id, hidden, crate::clock::now_ms()))
        .map_err(|err| OpsError::Failed(err.to_string()))?
        .ok_or(OpsError::NoReview(id))?;
    let state = |hidden: bool| if hidden { "hidden" } else { "shown" };
    let change = if done.was_hidden == done.hidden {
        format!("already {}", state(done.hidden))
    } else {
        format!("{} -> {}", state(done.was_hidden), state(done.hidden))
    };
    let rating = match done.rating.average_text() {
        Some(average) => format!("{average} from {} review(s)", done.rating.count),
        None => "no reviews".to_owned(),
    };
    writeln!(
        out,
        "review {id} (product {}): {change}; product {} rating: {rating}",
        done.product_id, done.product_id
    )?;
    Ok(())
}

/// A status as typed; unknown words are refused (never read as `unknown`).
pub fn parse_status(text: &str) -> Result<OrderStatus, OpsError> {
    match OrderStatus::parse(text) {
        OrderStatus::Unknown => Err(OpsError::BadStatus(text.to_owned())),
        status => Ok(status),
    }
}

/// The database of a data directory; it must exist already (the command never
/// creates an empty store).
pub fn database_path(data_dir: &std::path::Path) -> Result<PathBuf, OpsError> {
    let path = data_dir.join(DATABASE_FILE);
    if path.is_file() {
        Ok(path)
    } else {
        Err(OpsError::NoDatabase(path.display().to_string()))
    }
}

/// Runs an operator command, writing one line per step to `out`.
pub fn run(config: &Config, command: &Command, out: &mut impl Write) -> Result<(), OpsError> {
    match command {
        Command::OrderStatus { order, statuses } => {
            let order_id = parse_order(order)?;
            let steps = statuses
                .iter()
                .map(|s| parse_status(s))
                .collect::<Result<Vec<_>, _>>()?;
            let db = Db::open(&database_path(&config.data_dir)?, 1)?;
            // The refunds a step owes go through the reference gateway, as the server's do.
            let gateway = crate::orders::payment::reference_gateway();
            for to in steps {
                let result = db.with_writer(|conn| {
                    advance(
                        conn,
                        &AccountEffects,
                        &*gateway,
                        order_id,
                        to,
                        Actor::Shop,
                        crate::clock::now_ms(),
                    )
                });
                match result {
                    Ok(from) => writeln!(
                        out,
                        "order {order_id} (#{}): {} -> {}",
                        order_number(order_id),
                        from.as_str(),
                        to.as_str()
                    )?,
                    Err(StatusChangeError::NotFound(id)) => return Err(OpsError::NotFound(id)),
                    Err(StatusChangeError::Refused(err)) => {
                        return Err(OpsError::Refused(err.to_string()));
                    }
                    Err(err) => return Err(OpsError::Failed(err.to_string())),
                }
            }
            Ok(())
        }
        Command::Review { action, review } => review_visibility(config, *action, review, out),
        Command::Announce {
            kind,
            title_en,
            title_ar,
            body_en,
            body_ar,
        } => {
            let kind = match kind {
                Announcement::Offers => Kind::Offer,
                Announcement::Newsletter => Kind::Newsletter,
            };
            let texts = [title_en, title_ar, body_en, body_ar];
            if texts.iter().any(|t| t.trim().is_empty()) {
                return Err(OpsError::Refused(
                    "the titles and texts in both languages are needed".into(),
                ));
            }
            let db = Db::open(&database_path(&config.data_dir)?, 1)?;
            let (sent, customers) = db
                .with_writer(|conn| {
                    let tx = conn.transaction()?;
                    let ids: Vec<i64> = tx
                        .prepare("SELECT id FROM users ORDER BY id")?
                        .query_map([], |r| r.get(0))?
                        .collect::<Result<_, _>>()?;
                    let now = crate::clock::now_ms();
                    let mut sent = 0;
                    for &user_id in &ids {
                        let note = NewNotification {
                            user_id,
                            kind,
                            title_en: title_en.trim().to_owned(),
                            title_ar: title_ar.trim().to_owned(),
                            body_en: body_en.trim().to_owned(),
                            body_ar: body_ar.trim().to_owned(),
                            order_id: None,
                        };
                        sent += usize::from(notify(&tx, &note, now)?.is_some());
                    }
                    tx.commit()?;
                    Ok::<_, rusqlite::Error>((sent, ids.len()))
                })
                .map_err(|err| OpsError::Failed(err.to_string()))?;
            writeln!(
                out,
                "{}: sent to {sent} of {customers} customer(s) (the others turned it off)",
                kind.as_str()
            )?;
            Ok(())
        }
        Command::CheckDb { settle } => {
            let db = Db::open(&database_path(&config.data_dir)?, 1)?;
            // One read transaction: a consistent snapshot while the server writes.
            let broken = db.with_writer(|conn| {
                let snapshot = conn.transaction()?;
                check_db::check(&snapshot, crate::clock::now_ms(), *settle)
            });
            let broken = broken.map_err(|err| OpsError::Failed(err.to_string()))?;
            for invariant in check_db::INVARIANTS {
                match broken.iter().find(|b| b.invariant == invariant) {
                    None => writeln!(out, "{invariant}: ok")?,
                    Some(b) => {
                        writeln!(out, "{invariant}: BROKEN ({} rows)", b.count)?;
                        for row in &b.rows {
                            writeln!(out, "  {row}")?;
                        }
                    }
                }
            }
            match broken.is_empty() {
                true => Ok(()),
                false => Err(OpsError::Broken(
                    broken.iter().map(|b| b.invariant).collect(),
                )),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_ids_and_customer_numbers() {
        assert_eq!(parse_order("12").unwrap(), 12);
        assert_eq!(parse_order(" #100012 ").unwrap(), 12);
        assert!(matches!(parse_order("#12"), Err(OpsError::BadOrder(_))));
        assert!(matches!(parse_order("0"), Err(OpsError::BadOrder(_))));
        assert!(matches!(parse_order("twelve"), Err(OpsError::BadOrder(_))));
    }

    #[test]
    fn reads_review_ids() {
        assert_eq!(parse_review(" 12 ").unwrap(), 12);
        for bad in ["0", "-3", "#12", "twelve", ""] {
            assert!(
                matches!(parse_review(bad), Err(OpsError::BadReview(_))),
                "{bad}"
            );
        }
    }

    #[test]
    fn reads_known_statuses_only() {
        assert_eq!(parse_status("Delivered").unwrap(), OrderStatus::Delivered);
        assert_eq!(parse_status("canceled").unwrap(), OrderStatus::Cancelled);
        let err = parse_status("lost").unwrap_err();
        assert!(err.to_string().contains("out_for_delivery"), "{err}");
    }
}
