//! Request bodies read as strictly as the OpenAPI document describes them. serde's
//! derived structs also accept a JSON array, read field by field in order: the body
//! `{"notifications": [false, false, false]}` turned all three of a customer's
//! notification choices off, where the contract asks for an object. [`Strict`] wraps a
//! deserializer so that a struct is read from an object only, at any depth (in
//! options, lists, maps and enum variants); everything else is passed through as is.

use serde::de::{
    self, DeserializeSeed, Deserializer, EnumAccess, Expected, MapAccess, SeqAccess, Unexpected,
    VariantAccess, Visitor,
};

/// A deserializer whose structs accept objects only (see the module's doc).
pub struct Strict<D>(pub D);

/// The visitor handed on: `object_only` when the caller asked for a struct.
struct Wrap<V> {
    inner: V,
    object_only: bool,
}

impl<V> Wrap<V> {
    fn any(inner: V) -> Self {
        Self {
            inner,
            object_only: false,
        }
    }
}

macro_rules! forward_plain {
    ($($method:ident),* $(,)?) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
            self.0.$method(Wrap::any(visitor))
        }
    )*};
}

impl<'de, D: Deserializer<'de>> Deserializer<'de> for Strict<D> {
    type Error = D::Error;

    forward_plain!(
        deserialize_any,
        deserialize_bool,
        deserialize_i8,
        deserialize_i16,
        deserialize_i32,
        deserialize_i64,
        deserialize_i128,
        deserialize_u8,
        deserialize_u16,
        deserialize_u32,
        deserialize_u64,
        deserialize_u128,
        deserialize_f32,
        deserialize_f64,
        deserialize_char,
        deserialize_str,
        deserialize_string,
        deserialize_bytes,
        deserialize_byte_buf,
        deserialize_option,
        deserialize_unit,
        deserialize_seq,
        deserialize_map,
        deserialize_identifier,
        deserialize_ignored_any,
    );

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_unit_struct(name, Wrap::any(visitor))
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_newtype_struct(name, Wrap::any(visitor))
    }

    fn deserialize_tuple<V: Visitor<'de>>(
        self,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_tuple(len, Wrap::any(visitor))
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0
            .deserialize_tuple_struct(name, len, Wrap::any(visitor))
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        let visitor = Wrap {
            inner: visitor,
            object_only: true,
        };
        self.0.deserialize_struct(name, fields, visitor)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_enum(name, variants, Wrap::any(visitor))
    }

    fn is_human_readable(&self) -> bool {
        self.0.is_human_readable()
    }
}

macro_rules! visit_plain {
    ($($method:ident: $ty:ty),* $(,)?) => {$(
        fn $method<E: de::Error>(self, v: $ty) -> Result<V::Value, E> {
            self.inner.$method(v)
        }
    )*};
}

impl<'de, V: Visitor<'de>> Visitor<'de> for Wrap<V> {
    type Value = V::Value;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        self.inner.expecting(f)
    }

    visit_plain!(
        visit_bool: bool,
        visit_i8: i8,
        visit_i16: i16,
        visit_i32: i32,
        visit_i64: i64,
        visit_i128: i128,
        visit_u8: u8,
        visit_u16: u16,
        visit_u32: u32,
        visit_u64: u64,
        visit_u128: u128,
        visit_f32: f32,
        visit_f64: f64,
        visit_char: char,
        visit_str: &str,
        visit_borrowed_str: &'de str,
        visit_string: String,
        visit_bytes: &[u8],
        visit_borrowed_bytes: &'de [u8],
        visit_byte_buf: Vec<u8>,
    );

    fn visit_none<E: de::Error>(self) -> Result<V::Value, E> {
        self.inner.visit_none()
    }

    fn visit_some<D2: Deserializer<'de>>(self, d: D2) -> Result<V::Value, D2::Error> {
        self.inner.visit_some(Strict(d))
    }

    fn visit_unit<E: de::Error>(self) -> Result<V::Value, E> {
        self.inner.visit_unit()
    }

    fn visit_newtype_struct<D2: Deserializer<'de>>(self, d: D2) -> Result<V::Value, D2::Error> {
        self.inner.visit_newtype_struct(Strict(d))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<V::Value, A::Error> {
        if self.object_only {
            return Err(de::Error::invalid_type(
                Unexpected::Seq,
                &self as &dyn Expected,
            ));
        }
        self.inner.visit_seq(StrictSeq(seq))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<V::Value, A::Error> {
        self.inner.visit_map(StrictMap(map))
    }

    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<V::Value, A::Error> {
        self.inner.visit_enum(StrictEnum(data))
    }
}

/// A seed whose value is read strictly.
struct StrictSeed<S>(S);

impl<'de, S: DeserializeSeed<'de>> DeserializeSeed<'de> for StrictSeed<S> {
    type Value = S::Value;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<S::Value, D::Error> {
        self.0.deserialize(Strict(d))
    }
}

struct StrictSeq<A>(A);

impl<'de, A: SeqAccess<'de>> SeqAccess<'de> for StrictSeq<A> {
    type Error = A::Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, A::Error> {
        self.0.next_element_seed(StrictSeed(seed))
    }

    fn size_hint(&self) -> Option<usize> {
        self.0.size_hint()
    }
}

struct StrictMap<A>(A);

impl<'de, A: MapAccess<'de>> MapAccess<'de> for StrictMap<A> {
    type Error = A::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, A::Error> {
        self.0.next_key_seed(seed)
    }

    fn next_value_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<T::Value, A::Error> {
        self.0.next_value_seed(StrictSeed(seed))
    }

    fn size_hint(&self) -> Option<usize> {
        self.0.size_hint()
    }
}

struct StrictEnum<A>(A);

impl<'de, A: EnumAccess<'de>> EnumAccess<'de> for StrictEnum<A> {
    type Error = A::Error;
    type Variant = StrictVariant<A::Variant>;

    fn variant_seed<T: DeserializeSeed<'de>>(
        self,
        seed: T,
    ) -> Result<(T::Value, Self::Variant), A::Error> {
        let (value, variant) = self.0.variant_seed(seed)?;
        Ok((value, StrictVariant(variant)))
    }
}

struct StrictVariant<A>(A);

impl<'de, A: VariantAccess<'de>> VariantAccess<'de> for StrictVariant<A> {
    type Error = A::Error;

    fn unit_variant(self) -> Result<(), A::Error> {
        self.0.unit_variant()
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, A::Error> {
        self.0.newtype_variant_seed(StrictSeed(seed))
    }

    fn tuple_variant<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, A::Error> {
        self.0.tuple_variant(len, Wrap::any(visitor))
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, A::Error> {
        let visitor = Wrap {
            inner: visitor,
            object_only: true,
        };
        self.0.struct_variant(fields, visitor)
    }
}

#[cfg(test)]
mod tests {
    use super::Strict;
    use serde::Deserialize;
    use serde_json::json;

    #[derive(Debug, Deserialize, PartialEq)]
    struct Choice {
        orders: Option<bool>,
        offers: Option<bool>,
    }

    #[derive(Debug, Deserialize, PartialEq)]
    struct Body {
        #[serde(default)]
        notifications: Option<Choice>,
        #[serde(default)]
        lines: Vec<Choice>,
        #[serde(default)]
        pair: Option<(u8, u8)>,
        #[serde(default)]
        kind: Option<Kind>,
    }

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(rename_all = "lowercase")]
    enum Kind {
        Plain,
        Boxed { inner: Choice },
    }

    fn read(value: serde_json::Value) -> Result<Body, String> {
        Body::deserialize(Strict(value)).map_err(|e| e.to_string())
    }

    fn refused_as_struct(value: serde_json::Value) {
        let error = read(value.clone()).expect_err(&value.to_string());
        assert!(
            error.starts_with("invalid type: sequence, expected struct"),
            "{value}: {error}"
        );
    }

    #[test]
    fn a_struct_is_read_from_an_object_only_at_any_depth() {
        // serde alone reads these arrays field by field.
        assert!(Body::deserialize(json!({"notifications": [false, false]})).is_ok());
        refused_as_struct(json!([null, [], null, null]));
        refused_as_struct(json!({"notifications": [false, false]}));
        refused_as_struct(json!({"lines": [{"orders": true}, [false, true]]}));
        refused_as_struct(json!({"kind": {"boxed": {"inner": [true, true]}}}));
        refused_as_struct(json!({"kind": {"boxed": [[true, true]]}}));
    }

    #[test]
    fn what_the_contract_allows_reads_as_before() {
        let body = json!({
            "notifications": {"orders": false, "offers": null},
            "lines": [{"orders": true, "offers": false}, {}],
            "pair": [1, 2],
            "kind": "plain",
        });
        assert_eq!(
            read(body.clone()).unwrap(),
            Body::deserialize(body).unwrap(),
            "the same value as serde alone gives"
        );
        let boxed = json!({"kind": {"boxed": {"inner": {"orders": true}}}, "notifications": null});
        assert_eq!(
            read(boxed).unwrap().kind,
            Some(Kind::Boxed {
                inner: Choice {
                    orders: Some(true),
                    offers: None
                }
            })
        );
    }

    #[test]
    fn other_wrong_types_are_still_refused() {
        for value in [
            json!({"notifications": {"orders": "yes"}}),
            json!({"lines": {"orders": true}}),
            json!({"pair": [1, "2"]}),
            json!({"kind": "round"}),
        ] {
            assert!(read(value.clone()).is_err(), "{value}");
        }
    }
}
