//! A refusal given before the request body is read (401, 404, 413 …) must still reach
//! the client. Closing a socket that holds unread bytes makes the kernel send a reset,
//! which can destroy the answer before the client reads it: a browser uploading a
//! too-large picture would show a network error instead of 'The file is too large'.
//! So what is left of a body after the answer is ready is read and thrown away, up to
//! a cap, before the answer goes out (nginx's "lingering close"). Bigger bodies are
//! not worth the bandwidth: their connection is closed.

use std::pin::Pin;
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};

use axum::body::{Body, Bytes};
use axum::extract::Request;
use axum::http::header::CONTENT_LENGTH;
use axum::middleware::Next;
use axum::response::Response;
use http_body::{Body as HttpBody, Frame, SizeHint};
use http_body_util::BodyExt;

/// The most bytes of a refused body read to let its answer through.
pub const DRAIN_CAP: usize = 2 * crate::MAX_REQUEST_BODY;

/// The request's body, shared so that what the handler left unread can be drained.
struct SharedBody(Arc<Mutex<Body>>);

impl SharedBody {
    fn with<T>(&self, f: impl FnOnce(&mut Body) -> T) -> T {
        f(&mut self.0.lock().unwrap_or_else(PoisonError::into_inner))
    }
}

impl HttpBody for SharedBody {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        self.with(|body| Pin::new(body).poll_frame(cx))
    }

    fn is_end_stream(&self) -> bool {
        self.with(|body| body.is_end_stream())
    }

    fn size_hint(&self) -> SizeHint {
        self.with(|body| body.size_hint())
    }
}

/// Middleware: runs the request, then drains what is left of its body (see the module).
pub async fn drain_unread_body(request: Request, next: Next) -> Response {
    let declared = request
        .headers()
        .get(CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared == Some(0) || request.body().is_end_stream() {
        return next.run(request).await;
    }
    let (parts, body) = request.into_parts();
    let shared = Arc::new(Mutex::new(body));
    let response = next
        .run(Request::from_parts(
            parts,
            Body::new(SharedBody(shared.clone())),
        ))
        .await;
    let rest = std::mem::take(&mut *shared.lock().unwrap_or_else(PoisonError::into_inner));
    if declared.is_none_or(|length| length <= DRAIN_CAP as u64) {
        drain(rest, DRAIN_CAP).await;
    }
    response
}

/// Reads and discards a body's remaining frames, at most `cap` bytes.
async fn drain(mut body: Body, cap: usize) {
    let mut read = 0usize;
    while !body.is_end_stream() {
        match body.frame().await {
            Some(Ok(frame)) => {
                read += frame.data_ref().map_or(0, Bytes::len);
                if read > cap {
                    return;
                }
            }
            Some(Err(_)) | None => return,
        }
    }
}
