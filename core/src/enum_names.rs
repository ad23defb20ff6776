//! Reading unit-only enums that have a name table of their own (`MessageId::as_str`,
//! `StorageKey::name`) from those names, with one reader shared by all of them. The
//! derived reader repeats the whole name table as match arms in several functions;
//! for the 60-odd message ids that alone was several kilobytes of the WASM core.
//!
//! The JSON form and the errors are the derive's: the name as a string (or `{"name":
//! null}`), "unknown variant `x`, expected one of `a`, `b`" otherwise.

use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, EnumAccess, VariantAccess, Visitor};

/// Reads the index of a variant by its name: `name_of(i)` for `i` in `0..count`.
pub(crate) fn deserialize<'de, D: Deserializer<'de>>(
    deserializer: D,
    enum_name: &'static str,
    count: usize,
    name_of: fn(usize) -> &'static str,
) -> Result<usize, D::Error> {
    let names = Names {
        enum_name,
        count,
        name_of,
    };
    // The derive passes its variant list here; no format this crate reads uses it.
    deserializer.deserialize_enum(enum_name, &[], names)
}

#[derive(Clone, Copy)]
struct Names {
    enum_name: &'static str,
    count: usize,
    name_of: fn(usize) -> &'static str,
}

impl Names {
    fn index<E: de::Error>(self, name: &str) -> Result<usize, E> {
        (0..self.count)
            .find(|&i| (self.name_of)(i) == name)
            .ok_or_else(|| E::custom(format_args!("unknown variant `{name}`, expected {self}")))
    }
}

/// The names as serde lists them after "expected".
impl fmt::Display for Names {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.count {
            0 => f.write_str("there are no variants"),
            1 => write!(f, "`{}`", (self.name_of)(0)),
            2 => write!(f, "`{}` or `{}`", (self.name_of)(0), (self.name_of)(1)),
            _ => {
                f.write_str("one of ")?;
                for i in 0..self.count {
                    let separator = if i == 0 { "" } else { ", " };
                    write!(f, "{separator}`{}`", (self.name_of)(i))?;
                }
                Ok(())
            }
        }
    }
}

impl<'de> Visitor<'de> for Names {
    type Value = usize;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "enum {}", self.enum_name)
    }

    fn visit_str<E: de::Error>(self, name: &str) -> Result<usize, E> {
        self.index(name)
    }

    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<usize, A::Error> {
        let (index, variant) = data.variant_seed(self)?;
        variant.unit_variant()?;
        Ok(index)
    }
}

/// The variant name inside the enum form.
impl<'de> DeserializeSeed<'de> for Names {
    type Value = usize;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<usize, D::Error> {
        deserializer.deserialize_identifier(self)
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use crate::messages::MessageId;
    use crate::storage::StorageKey;
    use crate::value_tree::{Error, from_tree};

    fn read<T: serde::de::DeserializeOwned>(value: Value) -> Result<T, Error> {
        from_tree(serde_json::from_value(value).unwrap())
    }

    #[test]
    fn every_name_written_reads_back() {
        for &id in MessageId::ALL {
            let written = serde_json::to_value(id).unwrap();
            assert_eq!(written, id.as_str());
            assert_eq!(read::<MessageId>(written.clone()), Ok(id));
            assert_eq!(serde_json::from_value::<MessageId>(written).unwrap(), id);
        }
        for key in StorageKey::ALL {
            let written = serde_json::to_value(key).unwrap();
            assert_eq!(written, key.name());
            assert_eq!(read::<StorageKey>(written.clone()), Ok(key));
            assert_eq!(
                serde_json::from_str::<StorageKey>(&written.to_string()).unwrap(),
                key
            );
        }
    }

    #[test]
    fn reads_the_enum_form_and_refuses_others_as_the_derive_does() {
        assert_eq!(
            read::<StorageKey>(json!({"token": null})),
            Ok(StorageKey::Token)
        );
        let error = |value: Value| read::<StorageKey>(value).unwrap_err().to_string();
        assert_eq!(
            error(json!("Token")),
            "unknown variant `Token`, expected one of `token`, `language`, `district_id`, \
             `address_id`, `selectedAddress`, `location`, `selectedService`, \
             `selectedServiceName`, `use_default_location`, `current_currency`, \
             `temp_login_status`, `user_mobile`, `user_code`, `user_exists`, `modal_status`, \
             `persist:user`"
        );
        assert_eq!(
            error(json!(3)),
            "invalid type: integer `3`, expected enum StorageKey"
        );
        assert_eq!(
            error(json!({"token": 1})),
            "invalid type: integer `1`, expected unit"
        );
        assert!(serde_json::from_str::<MessageId>("\"nope\"").is_err());
    }
}
