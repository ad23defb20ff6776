//! Delivery of one-time codes. The API never has a fixed code: it generates one and
//! hands it to a `CodeSender` chosen by `STOREFRONT_CODE_SENDER`.

use std::future::Future;
use std::path::PathBuf;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use serde_json::json;
use storefront_core::locale::Language;
use tokio::io::AsyncWriteExt;

use crate::config::CodeSenderSpec;

/// A code on its way to a person.
#[derive(Debug, Clone)]
pub struct CodeMessage {
    /// E.164 number or e-mail address.
    pub to: String,
    /// `sms`, `whatsapp` or `email`.
    pub channel: String,
    pub code: String,
    /// `login`, `email_login` or `password_reset`.
    pub purpose: &'static str,
    pub language: Language,
}

impl CodeMessage {
    /// The text a gateway would deliver.
    pub fn text(&self) -> String {
        match self.language {
            Language::En => format!(
                "Your verification code is {}. It expires in 5 minutes.",
                self.code
            ),
            Language::Ar => format!(
                "رمز التحقق الخاص بك هو {}. تنتهي صلاحيته خلال 5 دقائق.",
                self.code
            ),
        }
    }
}

/// A security notice to the owner of a number or address, through the channel its
/// codes go by (no code in it): sent when its codes were paused after repeated wrong
/// tries.
#[derive(Debug, Clone)]
pub struct Notice {
    pub to: String,
    pub channel: String,
    pub language: Language,
    /// How long new codes (or password sign-in) stay paused at most, in hours.
    pub paused_hours: u64,
    /// What was paused.
    pub about: Paused,
}

/// The sign-in a security notice is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Paused {
    /// New one-time codes, after wrong codes.
    Codes,
    /// Password sign-in from new devices, after wrong passwords.
    Passwords,
}

impl Notice {
    /// The text a gateway would deliver.
    pub fn text(&self) -> String {
        let hours = self.paused_hours;
        match (self.about, self.language) {
            (Paused::Passwords, Language::En) => format!(
                "Several wrong passwords were entered for this account, so password sign-in \
                 from new devices is paused for up to {hours} hours. You can still sign in \
                 with a code. If this was not you, consider changing your password."
            ),
            (Paused::Passwords, Language::Ar) => format!(
                "أُدخلت كلمات مرور خاطئة عدة مرات لهذا الحساب، لذا أوقفنا تسجيل الدخول بكلمة \
                 المرور من الأجهزة الجديدة لمدة تصل إلى {hours} ساعة. يمكنك تسجيل الدخول برمز. \
                 إذا لم تكن أنت ففكّر في تغيير كلمة المرور."
            ),
            (Paused::Codes, Language::En) => format!(
                "Several wrong sign-in codes were entered for this account, so no new code \
                 will be sent for up to {hours} hours. If this was not you, no action is \
                 needed: nobody signed in."
            ),
            (Paused::Codes, Language::Ar) => format!(
                "أُدخلت رموز دخول خاطئة عدة مرات لهذا الحساب، لذا لن نرسل رمزًا جديدًا لمدة \
                 تصل إلى {hours} ساعة. إذا لم تكن أنت فلا حاجة لأي إجراء: لم يسجل أحد الدخول."
            ),
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum SendError {
    #[error("cannot write the code outbox: {0}")]
    Outbox(#[from] std::io::Error),
    #[error("code gateway failed: {0}")]
    Gateway(String),
}

pub type SendFuture<'a> = Pin<Box<dyn Future<Output = Result<(), SendError>> + Send + 'a>>;

pub trait CodeSender: Send + Sync {
    fn send<'a>(&'a self, message: &'a CodeMessage) -> SendFuture<'a>;
    /// Sends a security notice (no code) through the same channel.
    fn notify<'a>(&'a self, notice: &'a Notice) -> SendFuture<'a>;
    /// Told, where a code would have been sent after the answer, that it was withheld
    /// on purpose (no account uses the address). Nothing reaches anyone; the file
    /// outbox records the decision, so a test can wait for it instead of sleeping.
    fn withhold<'a>(&'a self, message: &'a CodeMessage) -> SendFuture<'a> {
        let _ = message;
        Box::pin(async { Ok(()) })
    }
}

/// Prints the code in the server log (the default, for development).
pub struct ConsoleSender;

impl CodeSender for ConsoleSender {
    fn send<'a>(&'a self, message: &'a CodeMessage) -> SendFuture<'a> {
        Box::pin(async move {
            // The one place a code may appear in the log: this sender exists for it. The
            // number is still masked: logs are kept and copied more than codes live.
            tracing::info!(to = %mask_target(&message.to), channel = %message.channel, code = %message.code, "one-time code");
            Ok(())
        })
    }

    fn notify<'a>(&'a self, notice: &'a Notice) -> SendFuture<'a> {
        Box::pin(async move {
            tracing::info!(to = %mask_target(&notice.to), channel = %notice.channel, "security notice: codes paused after wrong tries");
            Ok(())
        })
    }
}

/// Appends one JSON line `{"to", "channel", "code"}` per code to a file (for tests),
/// `{"to", "channel", "notice"}` per notice and `{"to", "channel", "withheld"}` (the
/// purpose, no code) per code withheld.
pub struct FileSender {
    path: PathBuf,
    lock: tokio::sync::Mutex<()>,
}

impl FileSender {
    pub fn new(path: PathBuf) -> Self {
        FileSender {
            path,
            lock: tokio::sync::Mutex::new(()),
        }
    }
}

impl FileSender {
    /// Appends one line, creating the file readable by the owner only (it holds codes).
    async fn append(&self, value: serde_json::Value) -> Result<(), SendError> {
        let _guard = self.lock.lock().await;
        let mut line = value.to_string();
        line.push('\n');
        let mut options = tokio::fs::OpenOptions::new();
        options.create(true).append(true);
        #[cfg(unix)]
        options.mode(0o600);
        let mut file = options.open(&self.path).await?;
        file.write_all(line.as_bytes()).await?;
        file.flush().await?;
        Ok(())
    }
}

impl CodeSender for FileSender {
    fn send<'a>(&'a self, message: &'a CodeMessage) -> SendFuture<'a> {
        Box::pin(
            self.append(
                json!({ "to": message.to, "channel": message.channel, "code": message.code }),
            ),
        )
    }

    fn notify<'a>(&'a self, notice: &'a Notice) -> SendFuture<'a> {
        Box::pin(
            self.append(
                json!({ "to": notice.to, "channel": notice.channel, "notice": notice.text() }),
            ),
        )
    }

    fn withhold<'a>(&'a self, message: &'a CodeMessage) -> SendFuture<'a> {
        Box::pin(self.append(
            json!({ "to": message.to, "channel": message.channel, "withheld": message.purpose }),
        ))
    }
}

/// POSTs `{"to", "channel", "code", "purpose", "language", "text"}` to a gateway URL;
/// any non-2xx answer is a failure.
pub struct WebhookSender {
    url: String,
    client: reqwest::Client,
}

impl WebhookSender {
    pub fn new(url: String) -> Self {
        // Webhooks may be https: use rustls with the ring provider (no C toolchain
        // beyond what ring needs, no system OpenSSL).
        let _ = rustls::crypto::ring::default_provider().install_default();
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(10))
            .build()
            .unwrap_or_else(|_| reqwest::Client::new());
        WebhookSender { url, client }
    }
}

impl CodeSender for WebhookSender {
    fn send<'a>(&'a self, message: &'a CodeMessage) -> SendFuture<'a> {
        Box::pin(self.post(json!({
            "to": message.to,
            "channel": message.channel,
            "code": message.code,
            "purpose": message.purpose,
            "language": message.language.code(),
            "text": message.text(),
        })))
    }

    fn notify<'a>(&'a self, notice: &'a Notice) -> SendFuture<'a> {
        Box::pin(self.post(json!({
            "to": notice.to,
            "channel": notice.channel,
            "purpose": "security_notice",
            "language": notice.language.code(),
            "text": notice.text(),
        })))
    }
}

impl WebhookSender {
    async fn post(&self, body: serde_json::Value) -> Result<(), SendError> {
        {
            let response = self
                .client
                .post(&self.url)
                .json(&body)
                .send()
                .await
                .map_err(|e| SendError::Gateway(e.without_url().to_string()))?;
            if response.status().is_success() {
                Ok(())
            } else {
                Err(SendError::Gateway(format!("status {}", response.status())))
            }
        }
    }
}

/// A phone number or e-mail address as logs may show it: enough to tell two apart,
/// not enough to contact anyone (`+20******4567`, `m***@example.com`).
pub fn mask_target(to: &str) -> String {
    if let Some((local, domain)) = to.split_once('@') {
        let first: String = local.chars().take(1).collect();
        return format!("{first}***@{domain}");
    }
    let chars: Vec<char> = to.chars().collect();
    if chars.len() <= 7 {
        return "*".repeat(chars.len());
    }
    let (head, rest) = chars.split_at(3);
    let (middle, tail) = rest.split_at(rest.len() - 4);
    format!(
        "{}{}{}",
        head.iter().collect::<String>(),
        "*".repeat(middle.len()),
        tail.iter().collect::<String>()
    )
}

pub fn from_spec(spec: &CodeSenderSpec) -> Arc<dyn CodeSender> {
    match spec {
        CodeSenderSpec::Console => Arc::new(ConsoleSender),
        CodeSenderSpec::File(path) => Arc::new(FileSender::new(path.clone())),
        CodeSenderSpec::Webhook(url) => Arc::new(WebhookSender::new(url.clone())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message() -> CodeMessage {
        CodeMessage {
            to: "+201001234567".into(),
            channel: "sms".into(),
            code: "4821".into(),
            purpose: "login",
            language: Language::En,
        }
    }

    #[tokio::test]
    async fn the_file_sender_appends_one_json_line_per_code() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("outbox.jsonl");
        let sender = FileSender::new(path.clone());
        sender.send(&message()).await.unwrap();
        sender.send(&message()).await.unwrap();
        let text = std::fs::read_to_string(path).unwrap();
        let lines: Vec<serde_json::Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines.len(), 2);
        assert_eq!(
            lines[0],
            json!({"to": "+201001234567", "channel": "sms", "code": "4821"})
        );
    }

    #[tokio::test]
    async fn the_file_sender_records_a_withheld_code_without_the_code() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("outbox.jsonl");
        FileSender::new(path.clone())
            .withhold(&message())
            .await
            .unwrap();
        let text = std::fs::read_to_string(path).unwrap();
        let line: serde_json::Value = serde_json::from_str(text.trim()).unwrap();
        assert_eq!(
            line,
            json!({"to": "+201001234567", "channel": "sms", "withheld": "login"})
        );
    }

    #[tokio::test]
    async fn the_webhook_sender_reports_an_unreachable_gateway() {
        // Port 9 on loopback refuses connections.
        let sender = WebhookSender::new("http://127.0.0.1:9/send".into());
        assert!(matches!(
            sender.send(&message()).await,
            Err(SendError::Gateway(_))
        ));
    }

    #[test]
    fn targets_are_masked_for_the_log() {
        assert_eq!(mask_target("+201001234567"), "+20******4567");
        assert_eq!(mask_target("+14155550100"), "+14*****0100");
        assert_eq!(mask_target("mona.adel@example.com"), "m***@example.com");
        assert_eq!(mask_target("+1234"), "*****");
    }

    #[test]
    fn the_text_is_in_the_reader_language() {
        let mut m = message();
        m.language = Language::Ar;
        assert!(m.text().contains("4821"));
        assert!(m.text().contains("رمز التحقق"));
    }
}
