// egui's meshes, drawn as bevy_egui draws them (same bindings, same vertex layout, same result to
// a fraction of one 8-bit step), with the sRGB conversions done without `pow`.
//
// Why: on a software renderer (Mesa's llvmpipe: CI, and computers without a GPU driver) the
// table's frame time is mostly this fragment stage, and the six `pow` calls a fragment made were
// most of that. Each conversion keeps the exact linear toe of the sRGB curve and replaces the
// power by a fitted polynomial (gamma to linear) or a chain of square roots (linear to gamma),
// whose largest error is 0.03 and 0.02 of an 8-bit step.
//
// Installed over bevy_egui's shader by `ui::fast_egui_shader`; the interface below must match
// bevy_egui's pipeline (crates.io bevy_egui 0.42, src/render/mod.rs).

struct Transform {
    scale: vec2<f32>,
    translation: vec2<f32>,
}

struct VertexInput {
    @location(0) position: vec2<f32>,
    @location(1) uv: vec2<f32>,
    @location(2) color: vec4<f32>,
}

struct VertexOutput {
    @builtin(position) position: vec4<f32>,
    @location(0) color: vec4<f32>,
    @location(1) uv: vec2<f32>,
}

@group(0) @binding(0) var<uniform> transform: Transform;

#ifdef BINDLESS
@group(1) @binding(0) var image_texture: binding_array<texture_2d<f32>>;
@group(1) @binding(1) var image_sampler: binding_array<sampler>;

struct BindlessOffset {
    offset: u32,
};
var<immediate> offset: BindlessOffset;
#else
@group(1) @binding(0) var image_texture: texture_2d<f32>;
@group(1) @binding(1) var image_sampler: sampler;
#endif

// sRGB-encoded 0..1 to linear 0..1.
fn to_linear(encoded: vec3<f32>) -> vec3<f32> {
    let s = encoded;
    let curve = (((-0.088800366 * s + 0.473329654) * s + 0.591785069) * s + 0.022265933) * s + 0.00132525;
    return select(curve, s / 12.92, s < vec3<f32>(0.04045));
}

// Linear 0..1 to sRGB-encoded 0..1.
fn to_encoded(linear: vec3<f32>) -> vec3<f32> {
    let r1 = sqrt(linear);
    let r2 = sqrt(r1);
    let r3 = sqrt(r2);
    let curve = 0.642375244 * r1 + 0.712099244 * r2 - 0.336865242 * r3 - 0.017566132 * linear;
    return select(curve, linear * 12.92, linear < vec3<f32>(0.0031308));
}

@vertex
fn vs_main(in: VertexInput) -> VertexOutput {
    let position = in.position * transform.scale + transform.translation;
    return VertexOutput(vec4<f32>(position, 0.0, 1.0), in.color, in.uv);
}

@fragment
fn fs_main(in: VertexOutput) -> @location(0) vec4<f32> {
#ifdef BINDLESS
    let image_texture = image_texture[offset.offset];
    let image_sampler = image_sampler[offset.offset];
#endif
    // As egui does: the texture's colour and the vertex colour are multiplied sRGB-encoded (the
    // only way text looks right), and the product is written linear to the sRGB target.
    let texel = textureSample(image_texture, image_sampler, in.uv);
    let encoded = vec4<f32>(to_encoded(texel.rgb), texel.a) * in.color;
    return vec4<f32>(to_linear(encoded.rgb), encoded.a);
}
