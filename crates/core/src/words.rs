//! Counted nouns in the sentences players read: "1 card", "2 cards", never "1 card(s)".

use std::fmt::Display;

/// `n` followed by the noun that agrees with it: `plural(1, "card", "cards")` is "1 card".
pub fn plural<N: Copy + Display + TryInto<i64>>(n: N, one: &str, many: &str) -> String {
    let noun = if n.try_into().ok() == Some(1) { one } else { many };
    format!("{n} {noun}")
}

#[cfg(test)]
mod tests {
    use super::plural;

    #[test]
    fn one_is_singular_and_every_other_count_is_plural() {
        assert_eq!(plural(1u8, "card", "cards"), "1 card");
        assert_eq!(plural(0u32, "card", "cards"), "0 cards");
        assert_eq!(plural(2usize, "action", "actions"), "2 actions");
        assert_eq!(plural(-1i32, "point", "points"), "-1 points");
    }
}
