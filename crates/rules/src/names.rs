//! Names in content files, in any language: a map from language code to text.
//!
//! In RON a name is written as a struct or a map, and both load the same:
//!
//! ```ron
//! name: (zh: "书名号", en: "Double angle"),
//! name: {"zh-CN": "书名号", "en": "Double angle", "fr": "Guillemets"},
//! ```
//!
//! A lookup tries the exact code (`zh-CN`), then its language (`zh`), then any key of that
//! language (`zh-TW` for `zh-HK`), then English, then whatever there is.

use std::collections::BTreeMap;
use std::fmt;

use serde::de::{MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A text in several languages.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Names(pub BTreeMap<String, String>);

impl Names {
    /// Names from `(code, text)` pairs.
    pub fn of<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> Names {
        Names(
            pairs
                .into_iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        )
    }

    /// The text for a language code (`zh-CN`, `en`, `fr`…), with the fallbacks above.
    pub fn get(&self, code: &str) -> &str {
        let language = code.split(['-', '_']).next().unwrap_or(code);
        let same_language = |k: &String| k.split(['-', '_']).next() == Some(language);
        self.0
            .get(code)
            .or_else(|| self.0.get(language))
            .or_else(|| {
                self.0
                    .iter()
                    .find(|(k, _)| same_language(k))
                    .map(|(_, v)| v)
            })
            .or_else(|| self.0.get("en"))
            .or_else(|| self.0.values().next())
            .map_or("", String::as_str)
    }

    /// The Chinese text (as the fixed command-line formats print it).
    pub fn zh(&self) -> &str {
        self.get("zh-CN")
    }

    /// The English text.
    pub fn en(&self) -> &str {
        self.get("en")
    }

    pub fn is_empty(&self) -> bool {
        self.0.values().all(|v| v.trim().is_empty())
    }
}

impl Serialize for Names {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Names {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Names, D::Error> {
        struct NamesVisitor;
        impl<'de> Visitor<'de> for NamesVisitor {
            type Value = Names;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("names by language, such as (zh: \"…\", en: \"…\")")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Names, A::Error> {
                let mut out = BTreeMap::new();
                while let Some((k, v)) = map.next_entry::<String, String>()? {
                    out.insert(k, v);
                }
                if out.is_empty() {
                    return Err(serde::de::Error::custom(
                        "a name needs at least one language",
                    ));
                }
                Ok(Names(out))
            }
        }
        // RON's `(zh: …)` is a struct and `{"zh": …}` a map; `deserialize_any` reads either
        // as a map.
        d.deserialize_any(NamesVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn struct_and_map_syntax_load_the_same() {
        let a: Names = ron::from_str(r#"(zh: "书名号", en: "Double angle")"#).unwrap();
        let b: Names = ron::from_str(r#"{"zh": "书名号", "en": "Double angle"}"#).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.get("zh-CN"), "书名号");
        assert_eq!(a.get("en"), "Double angle");
        assert_eq!(a.get("fr"), "Double angle");
    }

    #[test]
    fn any_language_and_fallbacks() {
        let n: Names = ron::from_str(r#"{"en": "Star", "fr": "Étoile", "zh-TW": "星號"}"#).unwrap();
        assert_eq!(n.get("fr"), "Étoile");
        assert_eq!(n.get("fr-CA"), "Étoile");
        assert_eq!(n.get("zh-HK"), "星號");
        assert_eq!(n.get("de"), "Star");
        assert!(ron::from_str::<Names>("{}").is_err());
    }
}
