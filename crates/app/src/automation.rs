//! Flags for automation: take a screenshot after N frames and exit, or measure frame times.

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};

use crate::ui::UiVisible;

/// `--screenshot PATH --frames N`
#[derive(Resource, Debug)]
pub struct ScreenshotPlan {
    pub path: std::path::PathBuf,
    pub after_frames: u32,
    pub frame: u32,
    pub taken: bool,
}

/// The captured screenshot was written: exit on the next frame.
#[derive(Resource, Default)]
struct ScreenshotDone(bool);

/// `--bench-frames N`: N frames with nothing drawn (the empty-window baseline), then N frames of the
/// chosen screen; the percentiles of both are printed so frame time can be judged as a ratio.
#[derive(Resource, Debug)]
pub struct FrameBench {
    pub frames: u32,
    pub warmup: u32,
    baseline: Vec<f64>,
    screen: Vec<f64>,
    seen: u32,
}

impl FrameBench {
    pub fn new(frames: u32) -> Self {
        Self {
            frames,
            warmup: 30,
            baseline: Vec::new(),
            screen: Vec::new(),
            seen: 0,
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ScreenshotDone>().add_systems(
        Last,
        (
            take_screenshot.run_if(resource_exists::<ScreenshotPlan>),
            bench.run_if(resource_exists::<FrameBench>),
        ),
    );
}

fn take_screenshot(
    mut commands: Commands,
    mut plan: ResMut<ScreenshotPlan>,
    done: Res<ScreenshotDone>,
    mut exit: MessageWriter<AppExit>,
) {
    if done.0 {
        exit.write(AppExit::Success);
        return;
    }
    plan.frame += 1;
    if plan.frame >= plan.after_frames && !plan.taken {
        plan.taken = true;
        commands
            .spawn(Screenshot::primary_window())
            .observe(save_to_disk(plan.path.clone()))
            .observe(|_: On<ScreenshotCaptured>, mut done: ResMut<ScreenshotDone>| done.0 = true);
    }
}

fn bench(
    time: Res<Time<Real>>,
    mut bench: ResMut<FrameBench>,
    mut visible: ResMut<UiVisible>,
    mut exit: MessageWriter<AppExit>,
) {
    bench.seen += 1;
    let millis = time.delta_secs_f64() * 1000.0;
    let phase_length = bench.warmup + bench.frames;
    let seen = bench.seen;
    if seen <= phase_length {
        visible.0 = false;
        if seen > bench.warmup {
            bench.baseline.push(millis);
        }
    } else if seen <= 2 * phase_length {
        visible.0 = true;
        if seen > phase_length + bench.warmup {
            bench.screen.push(millis);
        }
    } else {
        let base = percentiles(&mut bench.baseline);
        let screen = percentiles(&mut bench.screen);
        println!(
            "frame-time over {} frames each (ms)        p50     p95     p99",
            bench.frames
        );
        println!(
            "  empty window                          {:7.2} {:7.2} {:7.2}",
            base[0], base[1], base[2]
        );
        println!(
            "  screen                                {:7.2} {:7.2} {:7.2}",
            screen[0], screen[1], screen[2]
        );
        println!(
            "  ratio screen / empty (p50)            {:7.2}",
            screen[0] / base[0].max(1e-9)
        );
        match peak_rss_kib() {
            Some(kib) => println!("peak resident memory: {:.1} MiB", kib as f64 / 1024.0),
            None => println!("peak resident memory: not available on this platform"),
        }
        exit.write(AppExit::Success);
    }
}

fn percentiles(samples: &mut [f64]) -> [f64; 3] {
    if samples.is_empty() {
        return [0.0; 3];
    }
    samples.sort_by(f64::total_cmp);
    let at = |p: f64| samples[((samples.len() - 1) as f64 * p).round() as usize];
    [at(0.50), at(0.95), at(0.99)]
}

/// Peak resident set size (VmHWM) in KiB, where /proc says it.
fn peak_rss_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}
