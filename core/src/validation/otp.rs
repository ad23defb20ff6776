//! The verify-code boxes (spec 4, 5, 9): four boxes of one digit each; verify is
//! enabled when all four are filled. Pure functions from the boxes and an input event
//! to the new boxes and the box to focus.
//!
//! Digits typed on an Arabic keyboard (٠-٩) are stored as ASCII digits, which the
//! API reads.

use serde::{Deserialize, Serialize};

use crate::auth::OTP_LENGTH;

use super::digits::ascii_digit;

/// The boxes, first to last; `None` is an empty box.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct OtpBoxes(pub [Option<char>; OTP_LENGTH]);

/// The boxes after an input event, the box that gets the focus, and the code they
/// make.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct OtpEntry {
    pub boxes: OtpBoxes,
    /// Index of the box to focus, always a valid box.
    pub focus: usize,
    /// The four-digit code when every box is filled ([`otp_code`]).
    pub code: Option<String>,
    /// Whether every box is filled: verify is enabled ([`is_complete`]).
    pub complete: bool,
}

/// An input event in code box `index`: `{"edit": "type", "index": 0, "typed": "4"}`,
/// `{"edit": "backspace", "index": 2}`, `{"edit": "paste", "index": 0, "text": "…"}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "edit", rename_all = "snake_case")]
pub enum OtpEdit {
    /// A character typed ([`type_char`]).
    Type { index: usize, typed: char },
    /// Backspace ([`backspace`]).
    Backspace { index: usize },
    /// Text pasted or filled in by the phone's code autofill ([`paste`]).
    Paste { index: usize, text: String },
}

const LAST: usize = OTP_LENGTH - 1;

fn entry(boxes: OtpBoxes, focus: usize) -> OtpEntry {
    OtpEntry {
        boxes,
        focus: focus.min(LAST),
        code: otp_code(&boxes),
        complete: is_complete(&boxes),
    }
}

/// The boxes after an input event ([`type_char`], [`backspace`] or [`paste`]).
pub fn edit(boxes: OtpBoxes, edit: &OtpEdit) -> OtpEntry {
    match *edit {
        OtpEdit::Type { index, typed } => type_char(boxes, index, typed),
        OtpEdit::Backspace { index } => backspace(boxes, index),
        OtpEdit::Paste { index, ref text } => paste(boxes, index, text),
    }
}

/// A character typed into box `index`: a digit fills the box (replacing what was
/// there) and moves the focus to the next box (staying on the last); anything else
/// is ignored. An index past the last box changes nothing.
pub fn type_char(boxes: OtpBoxes, index: usize, typed: char) -> OtpEntry {
    let mut next = boxes;
    match (next.0.get_mut(index), ascii_digit(typed)) {
        (Some(slot), Some(digit)) => {
            *slot = Some(digit);
            entry(next, index + 1)
        }
        _ => entry(boxes, index),
    }
}

/// Backspace in box `index`: the box is cleared and the focus moves to the previous
/// box (staying on the first).
pub fn backspace(boxes: OtpBoxes, index: usize) -> OtpEntry {
    let mut next = boxes;
    if let Some(slot) = next.0.get_mut(index) {
        *slot = None;
    }
    entry(next, index.saturating_sub(1))
}

/// Text pasted into box `index` (or filled in by the phone's code autofill). When the
/// text holds exactly four digits, whatever surrounds them ("Your code is 1234"),
/// they fill all four boxes and the focus goes to the last. Any other paste (fewer or
/// more digits) is ignored: spreading a partial code over the boxes would look like a
/// code that is not the one sent.
pub fn paste(boxes: OtpBoxes, index: usize, text: &str) -> OtpEntry {
    let mut digits = text.chars().filter_map(ascii_digit);
    let mut filled = [None; OTP_LENGTH];
    for slot in &mut filled {
        match digits.next() {
            Some(digit) => *slot = Some(digit),
            None => return entry(boxes, index),
        }
    }
    if digits.next().is_some() {
        return entry(boxes, index);
    }
    entry(OtpBoxes(filled), LAST)
}

/// The four-digit code when every box is filled.
pub fn otp_code(boxes: &OtpBoxes) -> Option<String> {
    boxes.0.iter().copied().collect()
}

/// Whether all four boxes are filled: verify is enabled.
pub fn is_complete(boxes: &OtpBoxes) -> bool {
    boxes.0.iter().all(Option::is_some)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn boxes(text: &str) -> OtpBoxes {
        let mut out = OtpBoxes::default();
        for (slot, c) in out.0.iter_mut().zip(text.chars()) {
            *slot = (c != '_').then_some(c);
        }
        out
    }

    /// The entry of `text`'s boxes with the focus on box `focus`.
    fn at(text: &str, focus: usize) -> OtpEntry {
        entry(boxes(text), focus)
    }

    #[test]
    fn typing_fills_and_moves_forward() {
        let mut state = OtpBoxes::default();
        let mut focus = 0;
        for c in ['1', '2', '3'] {
            let next = type_char(state, focus, c);
            state = next.boxes;
            focus = next.focus;
        }
        assert_eq!((state, focus), (boxes("123_"), 3));
        assert!(!is_complete(&state));
        let last = type_char(state, 3, '4');
        assert_eq!(last, at("1234", 3));
        assert!(is_complete(&last.boxes));
        assert_eq!(otp_code(&last.boxes).as_deref(), Some("1234"));
    }

    #[test]
    fn non_digits_are_ignored_and_arabic_digits_become_ascii() {
        assert_eq!(type_char(boxes("1___"), 1, 'a'), at("1___", 1));
        assert_eq!(type_char(boxes("1___"), 1, ' '), at("1___", 1));
        assert_eq!(type_char(boxes("1___"), 1, '٧'), at("17__", 2));
        // Typing over a filled box replaces its digit.
        assert_eq!(type_char(boxes("1234"), 0, '9'), at("9234", 1));
    }

    #[test]
    fn backspace_clears_and_moves_back() {
        assert_eq!(backspace(boxes("1234"), 3), at("123_", 2));
        assert_eq!(backspace(boxes("1___"), 0), at("____", 0));
        // On an empty box it only moves back.
        assert_eq!(backspace(boxes("12__"), 2), at("12__", 1));
    }

    #[test]
    fn paste_of_four_digits_fills_every_box() {
        assert_eq!(paste(boxes("9___"), 1, "1234"), at("1234", 3));
        assert_eq!(paste(OtpBoxes::default(), 0, " 12-34 "), at("1234", 3));
        assert_eq!(
            paste(OtpBoxes::default(), 0, "Your code is ٤٣٢١"),
            at("4321", 3)
        );
    }

    #[test]
    fn other_pastes_are_ignored() {
        for text in ["", "123", "12345", "abcd", "code 1234 valid 10 min"] {
            assert_eq!(paste(boxes("5___"), 1, text), at("5___", 1), "{text}");
        }
    }

    #[test]
    fn indexes_past_the_last_box_change_nothing() {
        assert_eq!(type_char(boxes("12__"), 9, '3'), at("12__", 3));
        assert_eq!(backspace(boxes("12__"), 9), at("12__", 3));
    }

    #[test]
    fn incomplete_boxes_have_no_code() {
        assert_eq!(otp_code(&boxes("12_4")), None);
        assert!(!is_complete(&boxes("_234")));
    }

    #[test]
    fn an_entry_carries_the_code_its_boxes_make() {
        let partial = type_char(boxes("1___"), 1, '2');
        assert_eq!((partial.code, partial.complete), (None, false));
        let whole = type_char(boxes("123_"), 3, '4');
        assert_eq!(
            (whole.code.as_deref(), whole.complete),
            (Some("1234"), true)
        );
        let cleared = backspace(boxes("1234"), 3);
        assert_eq!((cleared.code, cleared.complete), (None, false));
    }

    #[test]
    fn each_edit_is_its_rule_function() {
        let before = boxes("12__");
        assert_eq!(
            edit(
                before,
                &OtpEdit::Type {
                    index: 2,
                    typed: '٣'
                }
            ),
            type_char(before, 2, '٣')
        );
        assert_eq!(
            edit(before, &OtpEdit::Backspace { index: 1 }),
            backspace(before, 1)
        );
        let text = "Your code is 4321".to_owned();
        assert_eq!(
            edit(before, &OtpEdit::Paste { index: 0, text }),
            paste(before, 0, "Your code is 4321")
        );
    }

    #[test]
    fn edits_cross_as_tagged_objects() {
        let read = |json: serde_json::Value| serde_json::from_value::<OtpEdit>(json).unwrap();
        assert_eq!(
            read(serde_json::json!({"edit": "type", "index": 0, "typed": "4"})),
            OtpEdit::Type {
                index: 0,
                typed: '4'
            }
        );
        assert_eq!(
            read(serde_json::json!({"edit": "backspace", "index": 3})),
            OtpEdit::Backspace { index: 3 }
        );
        assert_eq!(
            read(serde_json::json!({"edit": "paste", "index": 1, "text": "1234"})),
            OtpEdit::Paste {
                index: 1,
                text: "1234".to_owned()
            }
        );
        assert_eq!(
            serde_json::to_value(at("12__", 2)).unwrap(),
            serde_json::json!({"boxes": ["1", "2", null, null], "focus": 2, "code": null,
                               "complete": false})
        );
    }

    #[test]
    fn boxes_cross_as_an_array_of_four() {
        assert_eq!(
            serde_json::to_value(boxes("12__")).unwrap(),
            serde_json::json!(["1", "2", null, null])
        );
        let back: OtpBoxes =
            serde_json::from_value(serde_json::json!(["1", null, "3", null])).unwrap();
        assert_eq!(back, boxes("1_3_"));
        assert!(serde_json::from_value::<OtpBoxes>(serde_json::json!(["1", "2"])).is_err());
    }

    proptest! {
        #[test]
        fn boxes_only_ever_hold_one_ascii_digit(
            events in proptest::collection::vec((0usize..6, any::<char>(), 0u8..3, "\\PC{0,8}"), 0..30)
        ) {
            let mut state = OtpBoxes::default();
            for (index, c, kind, text) in events {
                let next = match kind {
                    0 => type_char(state, index, c),
                    1 => backspace(state, index),
                    _ => paste(state, index, &text),
                };
                prop_assert!(next.focus < OTP_LENGTH);
                prop_assert!(next.boxes.0.iter().flatten().all(char::is_ascii_digit));
                prop_assert_eq!(is_complete(&next.boxes), otp_code(&next.boxes).is_some());
                prop_assert_eq!(next.complete, is_complete(&next.boxes));
                prop_assert_eq!(&next.code, &otp_code(&next.boxes));
                state = next.boxes;
            }
        }
    }
}
