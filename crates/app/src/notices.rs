//! Messages for the player: short toasts (a rule refused, a game saved) and problems that need a
//! dialog (a file that could not be read, content that failed to load).

use bevy::prelude::*;

#[derive(Clone, Debug, PartialEq)]
pub struct Toast {
    pub text: String,
    pub is_error: bool,
    /// Seconds left on screen.
    pub remaining: f32,
}

#[derive(Resource, Default, Debug)]
pub struct Notices {
    pub toasts: Vec<Toast>,
    /// Shown in a dialog until dismissed, oldest first.
    pub problems: Vec<String>,
}

impl Notices {
    pub fn info(&mut self, text: impl Into<String>) {
        self.toasts.push(Toast {
            text: text.into(),
            is_error: false,
            remaining: 3.0,
        });
    }

    /// News the player must not miss (a game kept aside): stays long enough to read twice.
    pub fn lasting(&mut self, text: impl Into<String>) {
        self.toasts.push(Toast {
            text: text.into(),
            is_error: false,
            remaining: 12.0,
        });
    }

    /// A refused action: the reason stays long enough to read.
    pub fn refused(&mut self, text: impl Into<String>) {
        self.toasts.push(Toast {
            text: text.into(),
            is_error: true,
            remaining: 6.0,
        });
    }

    pub fn problem(&mut self, text: impl Into<String>) {
        let text = text.into();
        bevy::log::warn!("{text}");
        self.problems.push(text);
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Notices>().add_systems(Update, age_toasts);
}

fn age_toasts(time: Res<Time<Real>>, mut notices: ResMut<Notices>, mut wake: ResMut<crate::redraw::Wake>) {
    // Real time: the app sleeps between frames while nothing happens, and wakes when the next
    // toast is due to go.
    let dt = time.delta_secs();
    notices.toasts.retain_mut(|toast| {
        toast.remaining -= dt;
        toast.remaining > 0.0
    });
    if let Some(soonest) = notices.toasts.iter().map(|t| t.remaining).reduce(f32::min) {
        wake.after(std::time::Duration::from_secs_f32(soonest));
    }
}
