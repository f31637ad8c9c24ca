//! The shared card face, drawn from card data (no scanned art): a frame coloured by card type,
//! the name, a level or cost badge, a large icon, the type line and a text box. Three sizes: in
//! play, hover preview and zoom.

use bevy_egui::egui::{self, Align2, Color32, CornerRadius, FontId, Rect, Sense, Stroke, StrokeKind, Vec2, pos2, vec2};

use super::theme;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardSize {
    InPlay,
    Preview,
    Zoom,
}

impl CardSize {
    /// Cards are 5:7, like the printed ones.
    pub fn size(self) -> Vec2 {
        match self {
            CardSize::InPlay => vec2(100.0, 140.0),
            CardSize::Preview => vec2(200.0, 280.0),
            CardSize::Zoom => vec2(320.0, 448.0),
        }
    }

    fn scale(self) -> f32 {
        self.size().x / 100.0
    }
}

/// What a card face shows. Games build this from their own card data.
#[derive(Clone, Debug, PartialEq)]
pub struct CardFace {
    pub name: String,
    /// "Champion — Wizard", "Horde", "Red Combat spell".
    pub type_line: String,
    /// Frame colour, chosen by card type.
    pub frame: Color32,
    /// Level, cost or value in the corner badge.
    pub badge: Option<String>,
    /// A large glyph for the art box (egui's emoji font has many).
    pub icon: String,
    /// The card's power in our own words.
    pub text: String,
    /// Small print at the bottom: set and number, world.
    pub footer: String,
}

/// Draw `face` at `size`. Returns the response (click it to select; in play, hovering shows the
/// preview size beside the pointer).
pub fn card(ui: &mut egui::Ui, face: &CardFace, size: CardSize) -> egui::Response {
    card_facing(ui, face, size, false)
}

/// Like [`card`], but `turned` draws it upside down: a card facing the player across the table.
pub fn card_facing(ui: &mut egui::Ui, face: &CardFace, size: CardSize, turned: bool) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(size.size(), Sense::click());
    // Screen readers (and UI tests) know the card by its name.
    response.widget_info(|| egui::WidgetInfo::labeled(egui::WidgetType::Button, ui.is_enabled(), &face.name));
    if ui.is_rect_visible(rect) {
        paint(
            &Canvas {
                painter: ui.painter(),
                card: rect,
                turned,
            },
            face,
            size,
            response.hovered(),
        );
    }
    if size == CardSize::InPlay || turned {
        response.clone().on_hover_ui_at_pointer(|ui| {
            let (preview, _) = ui.allocate_exact_size(CardSize::Preview.size(), Sense::hover());
            paint(
                &Canvas {
                    painter: ui.painter(),
                    card: preview,
                    turned: false,
                },
                face,
                CardSize::Preview,
                false,
            );
        });
    }
    response
}

/// Paints in the card's own frame, turning everything half a circle about the card's centre when
/// the card faces the other side of the table.
struct Canvas<'a> {
    painter: &'a egui::Painter,
    card: Rect,
    turned: bool,
}

impl Canvas<'_> {
    fn place(&self, rect: Rect) -> Rect {
        if self.turned {
            let c = self.card.center();
            Rect::from_center_size(c - (rect.center() - c), rect.size())
        } else {
            rect
        }
    }

    fn rect(&self, rect: Rect, radius: CornerRadius, fill: Color32) {
        self.painter.rect_filled(self.place(rect), radius, fill);
    }

    /// Text whose unturned box starts at `top_left`.
    fn galley(&self, top_left: egui::Pos2, galley: std::sync::Arc<egui::Galley>, clip: Option<Rect>) {
        let painter = match clip {
            Some(clip) => self.painter.with_clip_rect(self.place(clip)),
            None => self.painter.clone(),
        };
        if self.turned {
            // Turned by half a circle about its anchor, the text box spans [anchor - size, anchor].
            let c = self.card.center();
            let anchor = c - (top_left - c);
            painter.add(egui::epaint::TextShape::new(anchor, galley, theme::INK).with_angle(std::f32::consts::PI));
        } else {
            painter.galley(top_left, galley, theme::INK);
        }
    }

    /// One line of text placed by `align` at `pos` (in the unturned card).
    fn text(&self, pos: egui::Pos2, align: Align2, text: &str, font: FontId, colour: Color32) {
        let galley = self.painter.layout_no_wrap(text.to_string(), font, colour);
        let top_left = align.anchor_size(pos, galley.size()).min;
        self.galley(top_left, galley, None);
    }
}

fn paint(canvas: &Canvas, face: &CardFace, size: CardSize, hovered: bool) {
    let painter = canvas.painter;
    let rect = canvas.card;
    let s = size.scale();
    let radius = CornerRadius::same((6.0 * s) as u8);
    painter.rect_filled(rect, radius, face.frame);
    let outline = if hovered {
        Stroke::new(2.0 * s, theme::GOLD)
    } else {
        Stroke::new(1.0, Color32::BLACK)
    };
    painter.rect_stroke(rect, radius, outline, StrokeKind::Inside);

    let inner = rect.shrink(4.0 * s);
    let name_bar = Rect::from_min_size(inner.min, vec2(inner.width(), 16.0 * s));
    canvas.rect(name_bar, CornerRadius::same((3.0 * s) as u8), theme::PARCHMENT);
    let name_left = if face.badge.is_some() { 15.0 * s } else { 3.0 * s };
    let name_font = fit_font(painter, &face.name, 9.0 * s, name_bar.width() - name_left - 3.0 * s);
    canvas.text(
        pos2(name_bar.min.x + name_left, name_bar.center().y),
        Align2::LEFT_CENTER,
        &face.name,
        name_font,
        theme::INK,
    );

    // In play the card is small: the art box takes the text box's place and the text is left to the
    // hover preview, rather than printing it too small to read.
    let art_height = if size == CardSize::InPlay { 78.0 } else { 44.0 };
    let art = Rect::from_min_size(
        pos2(inner.min.x, name_bar.max.y + 3.0 * s),
        vec2(inner.width(), art_height * s),
    );
    canvas.rect(
        art,
        CornerRadius::same((3.0 * s) as u8),
        face.frame.gamma_multiply(0.55),
    );
    canvas.text(
        art.center(),
        Align2::CENTER_CENTER,
        &face.icon,
        FontId::proportional(30.0 * s),
        theme::PARCHMENT,
    );

    let type_bar = Rect::from_min_size(pos2(inner.min.x, art.max.y + 3.0 * s), vec2(inner.width(), 12.0 * s));
    canvas.rect(
        type_bar,
        CornerRadius::same((2.0 * s) as u8),
        Color32::from_black_alpha(110),
    );
    let type_font = fit_font(painter, &face.type_line, 7.0 * s, type_bar.width() - 6.0 * s);
    canvas.text(
        pos2(type_bar.min.x + 3.0 * s, type_bar.center().y),
        Align2::LEFT_CENTER,
        &face.type_line,
        type_font,
        theme::PARCHMENT,
    );

    if size != CardSize::InPlay {
        let text_box = Rect::from_min_max(
            pos2(inner.min.x, type_bar.max.y + 3.0 * s),
            pos2(inner.max.x, inner.max.y - 9.0 * s),
        );
        canvas.rect(text_box, CornerRadius::same((3.0 * s) as u8), theme::PARCHMENT);
        let galley = fit_wrapped(
            painter,
            &face.text,
            7.0 * s,
            vec2(text_box.width() - 6.0 * s, text_box.height() - 5.0 * s),
        );
        canvas.galley(
            text_box.min + vec2(3.0 * s, 3.0 * s),
            galley,
            Some(text_box.shrink(2.0 * s)),
        );
        canvas.text(
            pos2(inner.min.x + 2.0 * s, inner.max.y - 1.0 * s),
            Align2::LEFT_BOTTOM,
            &face.footer,
            FontId::proportional(6.0 * s),
            theme::PARCHMENT.gamma_multiply(0.85),
        );
    }

    if let Some(badge) = &face.badge {
        let centre = canvas
            .place(Rect::from_center_size(
                pos2(name_bar.min.x + 6.5 * s, name_bar.center().y),
                vec2(1.0, 1.0),
            ))
            .center();
        painter.circle(
            centre,
            8.0 * s,
            Color32::from_rgb(40, 30, 30),
            Stroke::new(1.0 * s, theme::GOLD),
        );
        let galley = painter.layout_no_wrap(badge.clone(), FontId::proportional(9.0 * s), theme::GOLD);
        let unturned = pos2(name_bar.min.x + 6.5 * s, name_bar.center().y) - galley.size() / 2.0;
        canvas.galley(unturned, galley, None);
    }
}

/// The largest font up to `size` at which `text` fits in `width` on one line.
pub(crate) fn fit_font(painter: &egui::Painter, text: &str, size: f32, width: f32) -> FontId {
    let font = FontId::proportional(size);
    let natural = painter
        .layout_no_wrap(text.to_string(), font.clone(), Color32::WHITE)
        .size()
        .x;
    if natural <= width || natural <= 0.0 {
        font
    } else {
        FontId::proportional((size * width / natural).max(size * 0.6))
    }
}

/// `text` wrapped to `room.x`, at the largest font up to `size` whose lines fit in `room.y`, so
/// the last words are never cut off (a long text gets smaller print, down to two thirds).
fn fit_wrapped(painter: &egui::Painter, text: &str, size: f32, room: Vec2) -> std::sync::Arc<egui::Galley> {
    let smallest = size * 0.66;
    let mut font = size;
    loop {
        let galley = painter.layout(text.to_string(), FontId::proportional(font), theme::INK, room.x);
        if galley.size().y <= room.y || font <= smallest {
            return galley;
        }
        font = (font - size * 0.04).max(smallest);
    }
}
