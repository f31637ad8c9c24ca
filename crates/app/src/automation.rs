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
    /// What egui handed the renderer in the screen's last frame. A software renderer's frame
    /// time follows it, and unlike the time it is the same in every run.
    drawn: Drawn,
}

impl FrameBench {
    pub fn new(frames: u32) -> Self {
        Self {
            frames,
            warmup: 30,
            baseline: Vec::new(),
            screen: Vec::new(),
            seen: 0,
            drawn: Drawn::default(),
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
    outputs: Query<&bevy_egui::EguiRenderOutput>,
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
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
            bench.drawn = drawn(&outputs);
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
        let window_area = windows.single().map_or(0.0, |w| f64::from(w.width() * w.height()));
        let Drawn {
            triangles,
            meshes,
            pixels,
        } = bench.drawn;
        println!(
            "egui's last frame: {triangles} triangles in {meshes} clipped meshes, covering {:.2} window areas",
            pixels / window_area.max(1.0)
        );
        match peak_rss_kib() {
            Some(kib) => println!("peak resident memory: {:.1} MiB", kib as f64 / 1024.0),
            None => println!("peak resident memory: not available on this platform"),
        }
        exit.write(AppExit::Success);
    }
}

/// What egui tessellated in one frame.
#[derive(Clone, Copy, Debug, Default)]
struct Drawn {
    triangles: usize,
    meshes: usize,
    /// The triangles' areas added up, in points: how many pixels the renderer shades, counting
    /// every layer painted over another (clipping left out).
    pixels: f64,
}

fn drawn(outputs: &Query<&bevy_egui::EguiRenderOutput>) -> Drawn {
    let mut drawn = Drawn::default();
    for output in outputs {
        for job in &output.paint_jobs {
            if let bevy_egui::egui::epaint::Primitive::Mesh(mesh) = &job.primitive {
                drawn.meshes += 1;
                for corners in mesh.indices.chunks_exact(3) {
                    let [a, b, c] = [0, 1, 2].map(|i| mesh.vertices[corners[i] as usize].pos);
                    drawn.pixels += f64::from(((b - a).x * (c - a).y - (b - a).y * (c - a).x).abs()) / 2.0;
                    drawn.triangles += 1;
                }
            }
        }
    }
    drawn
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
