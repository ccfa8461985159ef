//! Every character the game shows is in the compiled-in CJK font (run
//! `scripts/make_font_subset.py` after adding Chinese text).

use std::path::Path;

fn collect(dir: &Path, exts: &[&str], out: &mut Vec<(String, char)>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            collect(&p, exts, out);
        } else if p.extension().is_some_and(|x| exts.iter().any(|e| x == *e)) {
            let text = std::fs::read_to_string(&p).unwrap();
            out.extend(
                text.chars()
                    .filter(|c| *c as u32 > 0x7f)
                    .map(|c| (p.display().to_string(), c)),
            );
        }
    }
}

#[test]
fn the_font_covers_every_shown_character() {
    let font =
        ttf_parser::Face::parse(bracket_war::app::fonts::CJK_FONT, 0).expect("the font parses");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut chars = Vec::new();
    collect(&root.join("src"), &["rs"], &mut chars);
    collect(&root.join("content"), &["ron"], &mut chars);
    // Every locale folder: a shipped language must render with the shipped font.
    collect(&root.join("assets/locales"), &["ftl"], &mut chars);
    let missing: std::collections::BTreeSet<String> = chars
        .iter()
        .filter(|(_, c)| font.glyph_index(*c).is_none())
        .map(|(f, c)| format!("{c} (U+{:04X}) in {f}", *c as u32))
        .collect();
    assert!(
        missing.is_empty(),
        "not in the font:\n{}",
        missing.into_iter().collect::<Vec<_>>().join("\n")
    );
    assert!(font.glyph_index('括').is_some() && font.glyph_index('A').is_some());
    // Names players type (profiles, layouts) render too: the common characters are there.
    for c in "张王李赵刘陈杨黄周吴徐孙马朱胡林郭何高罗郑梁谢宋唐许韩冯邓曹彭曾萧田董潘袁于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛段雷侯龙史陶黎贺顾毛郝龚邵万钱严武戴莫孔向汤".chars() {
        assert!(font.glyph_index(c).is_some(), "{c} is missing");
    }
}
