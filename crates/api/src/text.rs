//! Bounds on the text a user types: every field has a documented maximum length,
//! and control characters are refused, so that no name can break a screen or a print.

use crate::error::{ApiError, Result};

/// A player's name, a club, a tournament's name.
pub const NAME_MAX: usize = 100;
/// A member number.
pub const MEMBER_MAX: usize = 40;
/// The reason of a correction or ruling, a jury member's name.
pub const REASON_MAX: usize = 500;

/// `text` trimmed, refused when longer than `max` characters or holding control characters.
pub fn bounded(text: &str, what: &str, max: usize) -> Result<String> {
    let text = text.trim();
    let chars = text.chars().count();
    if chars > max {
        return Err(ApiError::Invalid(format!("the {what} has {chars} characters; at most {max} are kept")));
    }
    if text.chars().any(char::is_control) {
        return Err(ApiError::Invalid(format!("the {what} holds a control character (a tab or a line break)")));
    }
    Ok(text.to_string())
}
