//! What to use and what to load when the app starts (spec 4): remote config and the
//! profile read leniently, the startup plan and its flow, and the spinner rule (spec 2).

mod config;
mod flow;
mod plan;
mod profile;

pub use config::{DefaultLocation, RemoteConfig, StartupConfig};
pub use flow::{StartupEvent, StartupFlow, StartupView};
pub use plan::{
    LoadState, StartupLoad, StartupLoads, StartupPlan, StartupScreen, initial_loads, plan,
    startup_screen,
};
pub use profile::{Gender, NotificationPreferences, Profile, ProfileResponse, StartupProfile};

#[cfg(feature = "ts")]
pub(crate) fn register_typescript(d: &mut crate::typescript::Declarations) {
    d.add::<DefaultLocation>()
        .add::<RemoteConfig>()
        .add::<Gender>()
        .add::<NotificationPreferences>()
        .add::<Profile>()
        .add::<ProfileResponse>()
        .add::<StartupConfig>()
        .add::<StartupProfile>()
        .add::<StartupLoad>()
        .add::<StartupPlan>()
        .add::<LoadState>()
        .add::<StartupLoads>()
        .add::<StartupScreen>()
        .add::<StartupEvent>()
        .add::<StartupView>();
}
