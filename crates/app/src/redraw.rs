//! Drawing only when something changes. The window sleeps until input or a window event arrives,
//! until egui asks to repaint (its animations and tooltips: bevy_egui turns the request into a
//! `RequestRedraw`), or until a timer of ours runs out ([`Wake::after`]: a computer's paced move,
//! a notice that fades). While nothing happens the app uses next to no CPU.
//!
//! `--screenshot` and `--bench-frames` count frames, so they keep drawing every frame.
//! `--bench-idle SECONDS` measures what idling costs: [`IdleBench`].

use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::winit::{EventLoopProxyWrapper, UpdateMode, WinitSettings, WinitUserEvent};
use winit::event_loop::EventLoopProxy;

/// The longest the app sleeps with nothing to do. Every change asks for a frame of its own; this is
/// only a safety net, rare enough to cost nothing.
const IDLE_WAIT: Duration = Duration::from_secs(10);

/// How long `--bench-idle` lets the screen settle (fonts, first layout passes) before measuring.
const SETTLE: Duration = Duration::from_secs(3);

/// The app's update mode: frames on events, on egui's requests and on wake-ups only.
pub fn reactive() -> WinitSettings {
    // "Low power": the mouse moving over other windows (raw device events) does not wake the app;
    // events of its own window do.
    WinitSettings {
        focused_mode: UpdateMode::reactive_low_power(IDLE_WAIT),
        unfocused_mode: UpdateMode::reactive_low_power(IDLE_WAIT),
    }
}

/// Wakes the sleeping app when a timer runs out. Without a window (headless tests, whose app runs
/// its updates itself) it does nothing.
#[derive(Resource, Default)]
pub struct Wake {
    proxy: Option<EventLoopProxy<WinitUserEvent>>,
    /// The soonest wake-up on its way.
    armed: Option<Instant>,
}

impl Wake {
    /// Run the app's systems again `delay` from now, even if nothing else happens. A timer calls
    /// this on each frame it is still running, with the time it has left.
    pub fn after(&mut self, delay: Duration) {
        let now = Instant::now();
        let at = now + delay;
        // A wake-up already on its way by then (give or take a few milliseconds) serves this one
        // too: the timer asks again when it comes.
        if self
            .armed
            .is_some_and(|armed| armed > now && armed <= at + Duration::from_millis(5))
        {
            return;
        }
        self.armed = Some(at);
        if let Some(proxy) = self.proxy.clone() {
            std::thread::spawn(move || {
                std::thread::sleep(delay);
                // The app may have closed meanwhile; nothing to wake then.
                let _ = proxy.send_event(WinitUserEvent::WakeUp);
            });
        }
    }
}

/// `--bench-idle SECONDS`: let the chosen screen settle, then measure the CPU time the whole
/// process uses over SECONDS of wall time while nothing happens, print it and exit.
#[derive(Resource, Debug)]
pub struct IdleBench {
    seconds: f64,
    started: Option<Instant>,
    /// When measuring began, and the process's CPU seconds then.
    from: Option<(Instant, f64)>,
    frames: u32,
}

impl IdleBench {
    pub fn new(seconds: f64) -> Self {
        Self {
            seconds,
            started: None,
            from: None,
            frames: 0,
        }
    }
}

/// The windowed app's part (the headless app keeps its `Wake` without a way to wake).
pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, connect_wake)
        .add_systems(Last, idle_bench.run_if(resource_exists::<IdleBench>))
        .add_systems(
            PreUpdate,
            drop_unchanged_modifiers
                .after(bevy_egui::EguiInputSet::WriteEguiEvents)
                .before(bevy_egui::EguiPreUpdateSet::BeginPass),
        );
}

/// bevy_egui 0.42 hands egui the keyboard's modifiers as an event on every frame, and egui asks
/// for another frame after any event, so the app would never sleep. egui keeps the modifiers it
/// was last told: pass the event on only when they change.
fn drop_unchanged_modifiers(
    mut inputs: Query<&mut bevy_egui::EguiInput>,
    mut last: Local<Option<bevy_egui::egui::Modifiers>>,
) {
    for mut input in &mut inputs {
        input.0.events.retain(|event| match event {
            bevy_egui::egui::Event::ModifiersChanged(now) => {
                let changed = *last != Some(*now);
                *last = Some(*now);
                changed
            }
            _ => true,
        });
    }
}

fn connect_wake(proxy: Option<Res<EventLoopProxyWrapper>>, mut wake: ResMut<Wake>) {
    wake.proxy = proxy.map(|proxy| (**proxy).clone());
}

fn idle_bench(mut bench: ResMut<IdleBench>, mut wake: ResMut<Wake>, mut exit: MessageWriter<AppExit>) {
    let now = Instant::now();
    let started = *bench.started.get_or_insert(now);
    let Some((from, cpu_from)) = bench.from else {
        if now >= started + SETTLE {
            bench.from = Some((now, process_cpu_seconds().unwrap_or(0.0)));
            wake.after(Duration::from_secs_f64(bench.seconds));
        } else {
            wake.after(started + SETTLE - now);
        }
        return;
    };
    bench.frames += 1;
    let wall = now.duration_since(from).as_secs_f64();
    if wall < bench.seconds {
        // Something else woke the app (a notice fading): ask again for the end of the measure.
        wake.after(Duration::from_secs_f64(bench.seconds - wall));
        return;
    }
    // The frame that ends the measurement is counted in neither the frames nor the CPU time's
    // "while nothing happens": it is the wake-up that reads the clock.
    let frames = bench.frames - 1;
    match process_cpu_seconds() {
        Some(cpu) => {
            let share = (cpu - cpu_from) / wall;
            println!(
                "idle over {wall:.1} s: {:.1} ms of CPU a second ({:.2} % of a core), {frames} frames drawn",
                share * 1000.0,
                share * 100.0
            );
        }
        None => println!("idle over {wall:.1} s: CPU time not available on this platform; {frames} frames drawn"),
    }
    exit.write(AppExit::Success);
}

/// CPU time (user + system) the process has used, in seconds, where /proc says it. Linux counts it
/// in clock ticks of 1/100 s.
fn process_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which is in parentheses and may hold spaces): state is
    // field 3, utime 14 and stime 15.
    let after_name = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    let ticks = |i: usize| fields.get(i - 3)?.parse::<f64>().ok();
    Some((ticks(14)? + ticks(15)?) / 100.0)
}

#[cfg(test)]
mod tests {
    use bevy_egui::egui::{Event, Modifiers};

    use super::*;

    fn modifier_events(app: &mut App, input: Entity, sent: Modifiers) -> Vec<Event> {
        let mut entity = app.world_mut().entity_mut(input);
        let mut egui_input = entity.get_mut::<bevy_egui::EguiInput>().expect("input");
        egui_input.0.events = vec![Event::ModifiersChanged(sent), Event::Text("a".into())];
        app.update();
        let events = &app.world().get::<bevy_egui::EguiInput>(input).expect("input").0.events;
        events.clone()
    }

    #[test]
    fn egui_hears_of_the_modifiers_only_when_they_change() {
        let mut app = App::new();
        app.add_systems(Update, drop_unchanged_modifiers);
        let input = app.world_mut().spawn(bevy_egui::EguiInput::default()).id();
        let shift = Modifiers::SHIFT;
        let first = modifier_events(&mut app, input, Modifiers::NONE);
        assert_eq!(
            first,
            vec![Event::ModifiersChanged(Modifiers::NONE), Event::Text("a".into())]
        );
        let same = modifier_events(&mut app, input, Modifiers::NONE);
        assert_eq!(same, vec![Event::Text("a".into())], "an unchanged state is no news");
        let pressed = modifier_events(&mut app, input, shift);
        assert_eq!(pressed, vec![Event::ModifiersChanged(shift), Event::Text("a".into())]);
    }
}
