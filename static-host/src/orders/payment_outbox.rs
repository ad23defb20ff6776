//! The payment outbox: card captures and refunds owed to the gateway, written in the
//! same transaction as the order change that owes them (`payment_outbox`, migration
//! 0009) and made after the commit, never while the database's writer is held.
//!
//! A row is claimed for a minute (`claimed_until`) before its gateway call, so the
//! request that wrote it, the background worker and an operator command never call
//! the gateway for it at once. A success marks it done and moves its payment row on
//! (`pending` → `captured` for a charge, `pending` → `refunded` for a refund); a
//! failure is retried after 2, 4, 8 … seconds, at most an hour apart, until the
//! gateway accepts (an operator sees `attempts` and `last_error`). Rows of one
//! reference run in order, so a refund never overtakes the capture it refunds. Each
//! call's idempotency key is `outbox-{id}`, the same on every retry. The rows are in
//! the database: what a crash interrupts is done after the restart.

use std::sync::Arc;
use std::time::Duration;

use rusqlite::{Connection, Transaction, TransactionBehavior, params};

use crate::clock::now_ms;
use crate::db::Db;
use crate::http::error::ApiError;
use crate::orders::payment::{Gateway, PaymentGateway};

/// How long a claimed row is left to the claimer.
const CLAIM_MS: i64 = 60_000;
/// Rows handled per round.
const BATCH: i64 = 20;
/// How often the worker looks for due rows when nothing wakes it.
pub const POLL_EVERY: Duration = Duration::from_secs(5);

/// What a row asks of the gateway.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Capture,
    Refund,
}

impl Action {
    fn as_str(self) -> &'static str {
        match self {
            Action::Capture => "capture",
            Action::Refund => "refund",
        }
    }
}

/// Queues a gateway call, inside the transaction that owes it. `payment_id` is the
/// charge (capture) or the refund row (refund), moved on when the call succeeds.
pub fn queue(
    conn: &Connection,
    action: Action,
    order_id: i64,
    payment_id: i64,
    reference: &str,
    amount_minor: i64,
    now: i64,
) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO payment_outbox (action, order_id, payment_id, reference, amount_minor,
             next_attempt_at, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)",
        params![
            action.as_str(),
            order_id,
            payment_id,
            reference,
            amount_minor,
            now
        ],
    )?;
    Ok(())
}

/// A claimed row.
#[derive(Debug, Clone)]
struct Job {
    id: i64,
    action: String,
    payment_id: i64,
    reference: String,
    amount_minor: i64,
    attempts: i64,
}

/// Claims the due rows (of one order, or of every order) whose earlier rows of the
/// same reference are done.
fn claim(tx: &Transaction<'_>, now: i64, order_id: Option<i64>) -> rusqlite::Result<Vec<Job>> {
    let jobs: Vec<Job> = {
        let mut stmt = tx.prepare(
            "SELECT id, action, payment_id, reference, amount_minor, attempts FROM payment_outbox o
             WHERE done_at IS NULL AND next_attempt_at <= ?1
               AND (?3 IS NULL OR order_id = ?3)
               AND (claimed_until IS NULL OR claimed_until < ?1)
               AND NOT exists(SELECT 1 FROM payment_outbox e
                              WHERE e.reference = o.reference AND e.id < o.id AND e.done_at IS NULL)
             ORDER BY id LIMIT ?2",
        )?;
        stmt.query_map(params![now, BATCH, order_id], |r| {
            Ok(Job {
                id: r.get(0)?,
                action: r.get(1)?,
                payment_id: r.get(2)?,
                reference: r.get(3)?,
                amount_minor: r.get(4)?,
                attempts: r.get(5)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?
    };
    for job in &jobs {
        tx.execute(
            "UPDATE payment_outbox SET claimed_until = ?2 WHERE id = ?1",
            params![job.id, now + CLAIM_MS],
        )?;
    }
    Ok(jobs)
}

/// Calls the gateway for a job (blocking; outside any transaction).
fn call(gateway: &dyn PaymentGateway, job: &Job) -> Result<(), String> {
    let key = format!("outbox-{}", job.id);
    let outcome = match job.action.as_str() {
        "capture" => gateway.capture(&job.reference, job.amount_minor, &key),
        _ => gateway.refund(&job.reference, job.amount_minor, &key),
    };
    outcome.map_err(|_| format!("the gateway declined the {}", job.action))
}

/// The delay before retry number `attempts` (1 based): 2 s, 4 s, … at most an hour.
pub fn backoff_ms(attempts: i64) -> i64 {
    let exponent = u32::try_from(attempts.clamp(1, 12)).unwrap_or(12);
    (1000_i64 << exponent).min(3_600_000)
}

/// Records the outcome of a job.
fn finish(
    tx: &Transaction<'_>,
    job: &Job,
    outcome: &Result<(), String>,
    now: i64,
) -> rusqlite::Result<()> {
    match outcome {
        Ok(()) => {
            tx.execute(
                "UPDATE payment_outbox SET done_at = ?2, claimed_until = NULL, attempts = attempts + 1,
                     last_error = NULL WHERE id = ?1",
                params![job.id, now],
            )?;
            let status = if job.action == "capture" {
                "captured"
            } else {
                "refunded"
            };
            // Guarded: a charge refunded meanwhile (a cancellation) stays refunded.
            tx.execute(
                "UPDATE payments SET status = ?2, updated_at = ?3 WHERE id = ?1 AND status = 'pending'",
                params![job.payment_id, status, now],
            )?;
        }
        Err(error) => {
            let attempts = job.attempts + 1;
            tx.execute(
                "UPDATE payment_outbox SET attempts = ?2, claimed_until = NULL, last_error = ?3,
                     next_attempt_at = ?4 WHERE id = ?1",
                params![job.id, attempts, error, now + backoff_ms(attempts)],
            )?;
            tracing::warn!(
                row = job.id,
                action = %job.action,
                attempts,
                %error,
                "payment gateway call failed; it will be retried"
            );
        }
    }
    Ok(())
}

/// Makes the due gateway calls through the server's database: claims in one write,
/// calls the gateway on the blocking pool with no transaction open, records the
/// outcomes in another write. Returns how many calls were made. `order_id`: only that
/// order's rows (a request's own); `None`: every order's (the worker).
pub async fn run_due(db: &Db, gateway: &Gateway, order_id: Option<i64>) -> Result<usize, ApiError> {
    let now = now_ms();
    let jobs = db.write(move |tx| Ok(claim(tx, now, order_id)?)).await?;
    if jobs.is_empty() {
        return Ok(0);
    }
    let (calls, gateway) = (jobs.clone(), gateway.clone());
    let outcomes = tokio::task::spawn_blocking(move || {
        calls
            .iter()
            .map(|job| call(&*gateway, job))
            .collect::<Vec<_>>()
    })
    .await
    .map_err(|e| ApiError::internal(format!("payment gateway task failed: {e}")))?;
    let count = jobs.len();
    db.write(move |tx| {
        let now = now_ms();
        for (job, outcome) in jobs.iter().zip(&outcomes) {
            finish(tx, job, outcome, now)?;
        }
        Ok(())
    })
    .await?;
    Ok(count)
}

/// Makes the calls a request just queued for its order, after its commit and before
/// its answer (so the answer shows them done when the gateway answers at once); on
/// failure the worker retries them. Only this order's: a stalling call owed by another
/// order never holds this answer (the worker makes those).
pub async fn settle(state: &crate::http::state::AppState, gateway: &Gateway, order_id: i64) {
    if let Err(err) = run_due(&state.db, gateway, Some(order_id)).await {
        tracing::warn!(?err, "payment outbox round failed; the worker will retry");
        state.payments.notify_one();
    }
}

/// [`run_due`] on a connection of its own (an operator command, a test), which is not
/// the server's writer: no transaction is open during the gateway calls either.
pub fn run_due_on(conn: &mut Connection, gateway: &dyn PaymentGateway) -> rusqlite::Result<usize> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let jobs = claim(&tx, now_ms(), None)?;
    tx.commit()?;
    let outcomes: Vec<_> = jobs.iter().map(|job| call(gateway, job)).collect();
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    for (job, outcome) in jobs.iter().zip(&outcomes) {
        finish(&tx, job, outcome, now_ms())?;
    }
    tx.commit()?;
    Ok(jobs.len())
}

/// The background worker: at start (what a crash left), whenever a request queues
/// work, and every few seconds (rows queued by another process, retries).
pub async fn worker(db: Db, gateway: Gateway, wake: Arc<tokio::sync::Notify>) {
    loop {
        match run_due(&db, &gateway, None).await {
            // More may be due at once: go on without waiting.
            Ok(n) if n as i64 >= BATCH => continue,
            Ok(_) => {}
            Err(err) => tracing::warn!(?err, "payment outbox round failed"),
        }
        tokio::select! {
            () = wake.notified() => {}
            () = tokio::time::sleep(POLL_EVERY) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retries_back_off_up_to_an_hour() {
        assert_eq!(backoff_ms(1), 2_000);
        assert_eq!(backoff_ms(2), 4_000);
        assert_eq!(backoff_ms(11), 2_048_000);
        assert_eq!(backoff_ms(12), 3_600_000);
        assert_eq!(backoff_ms(500), 3_600_000);
    }

    /// A request settles its own order's calls only: another order's call (one that
    /// may stall at the gateway) is left to the worker, which claims every order's.
    #[test]
    fn a_request_claims_only_its_orders_rows() {
        let mut conn = Connection::open_in_memory().unwrap();
        conn.execute_batch(
            "CREATE TABLE payment_outbox (id INTEGER PRIMARY KEY, action TEXT NOT NULL,
                 order_id INTEGER NOT NULL, payment_id INTEGER NOT NULL, reference TEXT NOT NULL,
                 amount_minor INTEGER NOT NULL, attempts INTEGER NOT NULL DEFAULT 0,
                 next_attempt_at INTEGER NOT NULL, claimed_until INTEGER, last_error TEXT,
                 done_at INTEGER, created_at INTEGER NOT NULL)",
        )
        .unwrap();
        for (order, reference) in [(1, "tst_a"), (2, "tst_b"), (3, "tst_c")] {
            queue(
                &conn,
                Action::Capture,
                order,
                order * 10,
                reference,
                500,
                1_000,
            )
            .unwrap();
        }
        let tx = conn.transaction().unwrap();
        let own = claim(&tx, 2_000, Some(2)).unwrap();
        assert_eq!(
            own.iter()
                .map(|job| job.reference.as_str())
                .collect::<Vec<_>>(),
            ["tst_b"]
        );
        let rest = claim(&tx, 2_000, None).unwrap();
        assert_eq!(
            rest.iter()
                .map(|job| job.reference.as_str())
                .collect::<Vec<_>>(),
            ["tst_a", "tst_c"],
            "the worker claims the others, not the one the request holds"
        );
    }
}
