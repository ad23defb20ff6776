//! The shape every flow has (the design notes' "Crux" model): the flow keeps its own
//! state; the shell sends it events (a customer's action, an API answer, a timer) and
//! performs the effects it returns, and renders the small view it gives.
//!
//! The state never leaves the flow: in the WASM bindings it lives behind a handle, so
//! an event crosses the boundary once, into the flow, and one [`Step`] comes out.

use serde::Serialize;

use crate::effects::Effect;

/// A state machine the shell drives.
pub trait Flow {
    /// What can happen to the flow.
    type Event;
    /// What the shell renders of the flow's state.
    type View;

    /// Applies `event` at `now_ms` (milliseconds since the epoch; flows never read the
    /// clock) and returns the effects to perform.
    fn update(&mut self, event: Self::Event, now_ms: u64) -> Vec<Effect>;

    /// The view of the current state.
    fn view(&self) -> Self::View;

    /// Applies `event` and returns its effects with the view after it: what the shell
    /// gets back for each event.
    fn step(&mut self, event: Self::Event, now_ms: u64) -> Step<Self::View> {
        let effects = self.update(event, now_ms);
        Step {
            effects,
            view: self.view(),
        }
    }
}

/// What one event gives the shell: the effects to perform, then the view to render.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Step<V> {
    pub effects: Vec<Effect>,
    pub view: V,
}

#[cfg(feature = "ts")]
pub(crate) fn register_typescript(d: &mut crate::typescript::Declarations) {
    // Declared once, generic over the view (`Step<CartView>`).
    d.add::<Step<crate::cart::CartView>>();
}
