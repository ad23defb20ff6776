//! A JSON-like value tree and the reading of typed values out of it, with as little
//! code per type as serde allows: what the WASM bindings read every argument with, what
//! [`crate::internally_tagged`] reads variants with, and what stored JSON is read with.
//!
//! Not `serde_json::Value`, for three reasons: a JavaScript number may be NaN or
//! infinite, which a `Value` cannot hold (and a `float` field must still receive);
//! object entries stay in a plain list, so reading needs no map code; and
//! serde_json's `Value` reader also reads structs from arrays (by position), which
//! compiles a second reading path into every struct, while JavaScript callers (and the
//! serde-wasm-bindgen reader this replaced) only ever use objects. Otherwise it reads
//! what serde_json reads, with serde_json's error messages.

use std::fmt;

use serde::de::value::StringDeserializer;
use serde::de::{
    self, Deserialize, DeserializeOwned, DeserializeSeed, Deserializer, EnumAccess, Error as _,
    Expected, IntoDeserializer, MapAccess, SeqAccess, Unexpected, VariantAccess, Visitor,
};
use serde::forward_to_deserialize_any;

use crate::float_text;

/// A JSON value, or a JavaScript one: numbers may be non-finite, and an object's
/// entries keep their order (a key repeated in JSON text stays repeated).
#[derive(Debug, Clone, PartialEq)]
pub enum Tree {
    Null,
    Bool(bool),
    /// A whole number that fits, as JSON readers give it.
    Unsigned(u64),
    /// A negative whole number that fits.
    Signed(i64),
    Float(f64),
    String(String),
    Array(Vec<Tree>),
    Object(Vec<(String, Tree)>),
}

/// Reads a `T` from a tree.
pub fn from_tree<T: DeserializeOwned>(tree: Tree) -> Result<T, Error> {
    T::deserialize(tree)
}

/// Reads a `T` from JSON text (as a tree first, so each type has one reader).
pub fn from_str<T: DeserializeOwned>(text: &str) -> Result<T, Error> {
    from_tree(serde_json::from_str(text).map_err(Error::custom)?)
}

/// Why a value could not be read: serde's message.
///
/// Boxed so that it is one pointer: every `Result` of every reader carries it, and a
/// wider error made each type's reading code about a third larger.
#[derive(Debug, Clone, PartialEq, Eq)]
#[allow(clippy::box_collection)]
pub struct Error(Box<String>);

impl Error {
    #[cold]
    fn new(message: String) -> Self {
        Error(Box::new(message))
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

impl de::Error for Error {
    #[cold]
    fn custom<T: fmt::Display>(message: T) -> Self {
        Error::new(message.to_string())
    }

    // serde_json's wording, but with floats printed by `float_text`: serde's
    // `Unexpected` display would bring std's float printer back.
    #[cold]
    fn invalid_type(unexpected: Unexpected<'_>, expected: &dyn Expected) -> Self {
        Error::new(format!(
            "invalid type: {}, expected {expected}",
            Shown(unexpected)
        ))
    }

    #[cold]
    fn invalid_value(unexpected: Unexpected<'_>, expected: &dyn Expected) -> Self {
        Error::new(format!(
            "invalid value: {}, expected {expected}",
            Shown(unexpected)
        ))
    }
}

/// An `Unexpected` as serde_json words it.
struct Shown<'a>(Unexpected<'a>);

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Unexpected::Bool(flag) => write!(f, "boolean `{flag}`"),
            Unexpected::Unsigned(number) => write!(f, "integer `{number}`"),
            Unexpected::Signed(number) => write!(f, "integer `{number}`"),
            Unexpected::Float(number) => {
                let text = float_text::display(number);
                let point = if number.is_finite() && !text.contains('.') {
                    ".0"
                } else {
                    ""
                };
                write!(f, "floating point `{text}{point}`")
            }
            Unexpected::Char(c) => write!(f, "character `{c}`"),
            Unexpected::Str(text) => write!(f, "string {text:?}"),
            Unexpected::Bytes(_) => f.write_str("byte array"),
            // JSON's name for it, as serde_json says.
            Unexpected::Unit => f.write_str("null"),
            Unexpected::Option => f.write_str("Option value"),
            Unexpected::NewtypeStruct => f.write_str("newtype struct"),
            Unexpected::Seq => f.write_str("sequence"),
            Unexpected::Map => f.write_str("map"),
            Unexpected::Enum => f.write_str("enum"),
            Unexpected::UnitVariant => f.write_str("unit variant"),
            Unexpected::NewtypeVariant => f.write_str("newtype variant"),
            Unexpected::TupleVariant => f.write_str("tuple variant"),
            Unexpected::StructVariant => f.write_str("struct variant"),
            Unexpected::Other(other) => f.write_str(other),
        }
    }
}

impl Tree {
    pub(crate) fn unexpected(&self) -> Unexpected<'_> {
        match self {
            Tree::Null => Unexpected::Unit,
            Tree::Bool(flag) => Unexpected::Bool(*flag),
            Tree::Unsigned(number) => Unexpected::Unsigned(*number),
            Tree::Signed(number) => Unexpected::Signed(*number),
            Tree::Float(number) => Unexpected::Float(*number),
            Tree::String(text) => Unexpected::Str(text),
            Tree::Array(_) => Unexpected::Seq,
            Tree::Object(_) => Unexpected::Map,
        }
    }

    fn invalid_type<'de, V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        Err(Error::invalid_type(self.unexpected(), &visitor))
    }
}

impl<'de> Deserializer<'de> for Tree {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self {
            Tree::Null => visitor.visit_unit(),
            Tree::Bool(flag) => visitor.visit_bool(flag),
            Tree::Unsigned(number) => visitor.visit_u64(number),
            Tree::Signed(number) => visitor.visit_i64(number),
            Tree::Float(number) => visitor.visit_f64(number),
            Tree::String(text) => visitor.visit_string(text),
            Tree::Array(items) => visit_array(items, visitor),
            Tree::Object(entries) => visitor.visit_map(Entries::new(entries)),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self {
            Tree::Null => visitor.visit_none(),
            _ => visitor.visit_some(self),
        }
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self {
            Tree::Null => visitor.visit_unit(),
            _ => self.invalid_type(visitor),
        }
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_unit(visitor)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self {
            Tree::Array(items) => visit_array(items, visitor),
            _ => self.invalid_type(visitor),
        }
    }

    fn deserialize_tuple<V: Visitor<'de>>(
        self,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self {
            Tree::Object(entries) => visitor.visit_map(Entries::new(entries)),
            _ => self.invalid_type(visitor),
        }
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_map(visitor)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self {
            // A unit variant by its name.
            Tree::String(name) => visitor.visit_enum(name.into_deserializer()),
            // Any variant externally tagged: `{"name": content}`.
            Tree::Object(mut entries) if entries.len() == 1 => {
                let (name, content) = entries.remove(0);
                visitor.visit_enum(Variant { name, content })
            }
            _ => self.invalid_type(visitor),
        }
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        identifier
    }
}

fn visit_array<'de, V: Visitor<'de>>(items: Vec<Tree>, visitor: V) -> Result<V::Value, Error> {
    let len = items.len();
    let mut items = Items(items.into_iter());
    let value = visitor.visit_seq(&mut items)?;
    if items.0.len() == 0 {
        Ok(value)
    } else {
        Err(Error::invalid_length(len, &"fewer elements in array"))
    }
}

struct Items(std::vec::IntoIter<Tree>);

impl<'de> SeqAccess<'de> for Items {
    type Error = Error;

    fn next_element_seed<S: DeserializeSeed<'de>>(
        &mut self,
        seed: S,
    ) -> Result<Option<S::Value>, Error> {
        self.0.next().map(|item| seed.deserialize(item)).transpose()
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.0.len())
    }
}

struct Entries {
    entries: std::vec::IntoIter<(String, Tree)>,
    value: Tree,
}

impl Entries {
    fn new(entries: Vec<(String, Tree)>) -> Self {
        Entries {
            entries: entries.into_iter(),
            value: Tree::Null,
        }
    }
}

impl<'de> MapAccess<'de> for Entries {
    type Error = Error;

    fn next_key_seed<S: DeserializeSeed<'de>>(
        &mut self,
        seed: S,
    ) -> Result<Option<S::Value>, Error> {
        let Some((key, value)) = self.entries.next() else {
            return Ok(None);
        };
        self.value = value;
        let key: StringDeserializer<Error> = key.into_deserializer();
        seed.deserialize(key).map(Some)
    }

    fn next_value_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value, Error> {
        seed.deserialize(std::mem::replace(&mut self.value, Tree::Null))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.entries.len())
    }
}

/// An externally tagged variant: its name and content.
struct Variant {
    name: String,
    content: Tree,
}

impl<'de> EnumAccess<'de> for Variant {
    type Error = Error;
    type Variant = Tree;

    fn variant_seed<S: DeserializeSeed<'de>>(self, seed: S) -> Result<(S::Value, Tree), Error> {
        let name: StringDeserializer<Error> = self.name.into_deserializer();
        Ok((seed.deserialize(name)?, self.content))
    }
}

impl<'de> VariantAccess<'de> for Tree {
    type Error = Error;

    fn unit_variant(self) -> Result<(), Error> {
        Deserialize::deserialize(self)
    }

    fn newtype_variant_seed<S: DeserializeSeed<'de>>(self, seed: S) -> Result<S::Value, Error> {
        seed.deserialize(self)
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_seq(visitor)
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_map(visitor)
    }
}

/// Builds a tree from any self-describing format (JSON text through serde_json).
impl<'de> Deserialize<'de> for Tree {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(TreeVisitor)
    }
}

struct TreeVisitor;

impl<'de> Visitor<'de> for TreeVisitor {
    type Value = Tree;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E: de::Error>(self, flag: bool) -> Result<Tree, E> {
        Ok(Tree::Bool(flag))
    }

    fn visit_i64<E: de::Error>(self, number: i64) -> Result<Tree, E> {
        Ok(u64::try_from(number).map_or(Tree::Signed(number), Tree::Unsigned))
    }

    fn visit_u64<E: de::Error>(self, number: u64) -> Result<Tree, E> {
        Ok(Tree::Unsigned(number))
    }

    fn visit_f64<E: de::Error>(self, number: f64) -> Result<Tree, E> {
        Ok(Tree::Float(number))
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<Tree, E> {
        Ok(Tree::String(text.to_owned()))
    }

    fn visit_string<E: de::Error>(self, text: String) -> Result<Tree, E> {
        Ok(Tree::String(text))
    }

    fn visit_unit<E: de::Error>(self) -> Result<Tree, E> {
        Ok(Tree::Null)
    }

    fn visit_none<E: de::Error>(self) -> Result<Tree, E> {
        Ok(Tree::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Tree, D::Error> {
        Tree::deserialize(deserializer)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Tree, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(Tree::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Tree, A::Error> {
        let mut entries = Vec::new();
        while let Some(entry) = map.next_entry()? {
            entries.push(entry);
        }
        Ok(Tree::Object(entries))
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use serde::Deserialize;
    use serde_json::json;

    use serde_json::{Map, Value};

    use super::*;
    use crate::locale::Language;
    use crate::location::LatLng;

    fn from_value<T: DeserializeOwned>(value: Value) -> Result<T, Error> {
        from_tree(serde_json::from_value(value).unwrap())
    }

    #[derive(Debug, PartialEq, Deserialize)]
    struct Sample {
        id: u32,
        name: Option<String>,
        #[serde(default)]
        tags: Vec<String>,
        pair: Option<(u8, i8)>,
    }

    #[derive(Debug, PartialEq, Deserialize)]
    enum Shape {
        Dot,
        Circle(f64),
        Square { side: u16 },
    }

    fn error<T: DeserializeOwned + std::fmt::Debug>(value: Value) -> String {
        from_value::<T>(value).unwrap_err().to_string()
    }

    #[test]
    fn reads_structs_from_objects_like_serde_json() {
        let value = json!({"name": "Mona", "id": 7, "unknown": [1, {"x": null}],
                           "pair": [255, -128]});
        let expected = Sample {
            id: 7,
            name: Some("Mona".into()),
            tags: vec![],
            pair: Some((255, -128)),
        };
        assert_eq!(from_value::<Sample>(value.clone()).unwrap(), expected);
        assert_eq!(serde_json::from_value::<Sample>(value).unwrap(), expected);
        assert_eq!(
            from_value::<Sample>(json!({"id": 1, "name": null}))
                .unwrap()
                .name,
            None
        );
    }

    #[test]
    fn refuses_structs_as_arrays() {
        // serde_json would read this by position; JavaScript callers never send it.
        assert_eq!(
            error::<Sample>(json!([7, "Mona", [], null])),
            "invalid type: sequence, expected struct Sample"
        );
    }

    #[test]
    fn reads_enums_by_name_or_as_a_single_entry_object() {
        assert_eq!(from_value::<Shape>(json!("Dot")).unwrap(), Shape::Dot);
        assert_eq!(
            from_value::<Shape>(json!({"Circle": 1.5})).unwrap(),
            Shape::Circle(1.5)
        );
        assert_eq!(
            from_value::<Shape>(json!({"Square": {"side": 3}})).unwrap(),
            Shape::Square { side: 3 }
        );
        assert_eq!(from_value::<Language>(json!("ar")).unwrap(), Language::Ar);
        assert!(error::<Language>(json!("fr")).starts_with("unknown variant `fr`"));
        assert_eq!(
            error::<Shape>(json!({"Dot": 1, "Circle": 2})),
            "invalid type: map, expected enum Shape"
        );
    }

    #[test]
    fn words_errors_as_serde_json_does() {
        assert_eq!(
            error::<u32>(json!(1.5)),
            "invalid type: floating point `1.5`, expected u32"
        );
        assert_eq!(
            error::<u32>(json!(2.0)),
            "invalid type: floating point `2.0`, expected u32"
        );
        assert_eq!(
            error::<u8>(json!(300)),
            "invalid value: integer `300`, expected u8"
        );
        assert_eq!(
            error::<u64>(json!(-1)),
            "invalid value: integer `-1`, expected u64"
        );
        assert_eq!(
            error::<String>(json!(null)),
            "invalid type: null, expected a string"
        );
        assert_eq!(
            error::<bool>(json!("say \"yes\"")),
            r#"invalid type: string "say \"yes\"", expected a boolean"#
        );
        assert_eq!(error::<Sample>(json!({"name": "x"})), "missing field `id`");
        assert_eq!(
            error::<(u8, u8)>(json!([1, 2, 3])),
            "invalid length 3, expected fewer elements in array"
        );
        assert_eq!(
            error::<Sample>(json!({"id": 1, "pair": [1]})),
            "invalid length 1, expected a tuple of size 2"
        );
    }

    #[test]
    fn reads_text_through_a_tree() {
        let point: LatLng = from_str(r#"{"lat": 30.0444, "lng": 31.2357}"#).unwrap();
        assert_eq!(
            point,
            LatLng {
                lat: 30.0444,
                lng: 31.2357
            }
        );
        assert!(from_str::<LatLng>(r#"{"lat": 30.0444"#).is_err());
        assert!(from_str::<LatLng>(r#"{"lat": "north", "lng": 1}"#).is_err());
    }

    #[test]
    fn holds_what_json_cannot() {
        // JavaScript numbers may be NaN or infinite; a float field still receives them.
        let point = Tree::Object(vec![
            ("lat".to_owned(), Tree::Float(f64::NAN)),
            ("lng".to_owned(), Tree::Float(f64::INFINITY)),
        ]);
        let point: LatLng = from_tree(point).unwrap();
        assert!(point.lat.is_nan() && point.lng == f64::INFINITY);
        assert_eq!(
            from_tree::<Option<u32>>(Tree::Float(f64::NAN))
                .unwrap_err()
                .to_string(),
            "invalid type: floating point `NaN`, expected u32"
        );
    }

    #[test]
    fn a_key_repeated_in_json_text_is_refused_as_serde_json_refuses_it() {
        let text = r#"{"lat": 1, "lng": 2, "lat": 3}"#;
        assert_eq!(
            from_str::<LatLng>(text).unwrap_err().to_string(),
            "duplicate field `lat`"
        );
        assert!(serde_json::from_str::<LatLng>(text).is_err());
        assert_eq!(
            from_str::<Tree>(text).unwrap(),
            Tree::Object(vec![
                ("lat".to_owned(), Tree::Unsigned(1)),
                ("lng".to_owned(), Tree::Unsigned(2)),
                ("lat".to_owned(), Tree::Unsigned(3)),
            ])
        );
    }

    fn any_json() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::from),
            any::<u64>().prop_map(Value::from),
            any::<i64>().prop_map(Value::from),
            any::<f64>().prop_map(Value::from),
            ".*".prop_map(Value::from),
        ];
        leaf.prop_recursive(4, 32, 6, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..6).prop_map(Value::from),
                prop::collection::btree_map(".*", inner, 0..6)
                    .prop_map(|map| Value::Object(map.into_iter().collect())),
            ]
        })
    }

    proptest! {
        #[test]
        fn any_json_reads_back_as_itself(value in any_json()) {
            prop_assert_eq!(from_value::<Value>(value.clone()).unwrap(), value);
        }

        #[test]
        fn reads_what_serde_json_reads(
            fields in prop::collection::btree_map(
                prop::sample::select(vec!["id", "name", "tags", "pair", "other"]),
                // Often a value some field accepts, so that reads succeed too.
                prop_oneof![
                    any_json(),
                    (0u32..9).prop_map(Value::from),
                    Just(json!(["a", "b"])),
                    Just(json!([1, -1])),
                ],
                0..5,
            ),
            extra in any_json(),
        ) {
            // Objects with `Sample`'s fields holding anything: read alike, or refused alike.
            let mut object: Map<String, Value> =
                fields.into_iter().map(|(k, v)| (k.to_owned(), v)).collect();
            if let Value::Array(items) = extra {
                object.insert("tags".to_owned(), Value::Array(items));
            }
            let value = Value::Object(object);
            prop_assert_eq!(
                from_value::<Sample>(value.clone()).ok(),
                serde_json::from_value::<Sample>(value).ok()
            );
        }
    }
}
