//! The board text format of `bracket-war bracket resolve` and of the test cases.
//!
//! ```text
//! players 2          optional; default: the highest owner digit, at least 2
//! # a comment
//! 1>R . / 2)L ...    N rows of N tokens (10 <= N <= 20)
//! ```
//! Tokens: `.` empty, `/` `\` mirrors, `-` `|` `+` glass (horizontal, vertical, cross), a
//! piece = owner digit, kind glyph, and for a bracket its facing `U`/`D`/`L`/`R`.

use std::fmt;

use super::board::{Board, MAX_PLAYERS, MAX_SIDE, MIN_SIDE, Piece, Player, Tile};
use super::cellset::CellSet;
use super::content::{Class, KindTable};
use super::coverage::coverage_all;
use super::geometry::{Dir, Glass, Mirror};

/// A parse error at a 1-based line and column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for ParseError {}

fn err(line: usize, column: usize, message: impl Into<String>) -> ParseError {
    ParseError {
        line,
        column,
        message: message.into(),
    }
}

struct Token<'a> {
    line: usize,
    column: usize,
    text: &'a str,
}

/// Parses a board. Comments (`#`) and blank lines may stand anywhere.
pub fn parse_board(input: &str, kinds: &KindTable) -> Result<Board, ParseError> {
    let mut players: Option<(u8, usize)> = None;
    let mut rows: Vec<Vec<Token>> = Vec::new();
    let mut last_line = 0;
    for (i, raw) in input.lines().enumerate() {
        let line = i + 1;
        last_line = line;
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        if let Some(rest) = trimmed.strip_prefix("players") {
            if !rows.is_empty() {
                return Err(err(line, 1, "`players` must come before the board"));
            }
            if players.is_some() {
                return Err(err(line, 1, "`players` given twice"));
            }
            let value = rest.trim();
            let column = raw.find(value).map_or(1, |b| raw[..b].chars().count() + 1);
            let k: u8 = value
                .parse()
                .ok()
                .filter(|k| (2..=MAX_PLAYERS).contains(k))
                .ok_or_else(|| {
                    err(
                        line,
                        column,
                        format!("players must be 2 to 4, not `{value}`"),
                    )
                })?;
            players = Some((k, line));
            continue;
        }
        rows.push(tokens(raw, line));
    }
    let Some(first) = rows.first() else {
        return Err(err(last_line.max(1), 1, "no board rows"));
    };
    let side = first.len();
    if !(MIN_SIDE..=MAX_SIDE).contains(&side) {
        return Err(err(
            first[0].line,
            1,
            format!("a row has {side} tokens; the board side must be {MIN_SIDE} to {MAX_SIDE}"),
        ));
    }
    for row in &rows {
        if row.len() != side {
            let at = row.get(side).unwrap_or(&row[row.len() - 1]);
            return Err(err(
                at.line,
                at.column,
                format!(
                    "this row has {} tokens, the first row has {side}",
                    row.len()
                ),
            ));
        }
    }
    if rows.len() != side {
        let line = if rows.len() > side {
            rows[side][0].line
        } else {
            last_line + 1
        };
        return Err(err(
            line,
            1,
            format!("the board has {} rows but {side} columns", rows.len()),
        ));
    }

    let mut tiles = Vec::with_capacity(side * side);
    let mut highest = 0u8;
    for token in rows.iter().flatten() {
        let tile = parse_token(token, kinds)?;
        if let Tile::Piece(p) = tile {
            highest = highest.max(p.owner);
        }
        tiles.push(tile);
    }
    let k = match players {
        Some((k, _)) => k,
        None => highest.max(2),
    };
    let mut board = Board::new(side, k);
    for (cell, (tile, token)) in tiles.into_iter().zip(rows.iter().flatten()).enumerate() {
        if let Tile::Piece(p) = tile
            && p.owner > k
        {
            return Err(err(
                token.line,
                token.column,
                format!("owner {} but the game has {k} players", p.owner),
            ));
        }
        if tile.is_fixture()
            && let Some(p) = board.home_owner(cell)
        {
            return Err(err(
                token.line,
                token.column,
                format!("`{}` stands in player {p}'s home corner", token.text),
            ));
        }
        board.set(cell, tile);
    }
    Ok(board)
}

fn tokens(raw: &str, line: usize) -> Vec<Token<'_>> {
    let mut out = Vec::new();
    let mut start: Option<usize> = None;
    for (b, c) in raw.char_indices().chain(std::iter::once((raw.len(), ' '))) {
        match (c.is_whitespace(), start) {
            (true, Some(s)) => {
                out.push(Token {
                    line,
                    column: raw[..s].chars().count() + 1,
                    text: &raw[s..b],
                });
                start = None;
            }
            (false, None) => start = Some(b),
            _ => {}
        }
    }
    out
}

fn parse_token(t: &Token, kinds: &KindTable) -> Result<Tile, ParseError> {
    let fixture = match t.text {
        "." => Some(Tile::Empty),
        "/" => Some(Tile::Mirror(Mirror::Slash)),
        "\\" => Some(Tile::Mirror(Mirror::Backslash)),
        "-" => Some(Tile::Glass(Glass::Horizontal)),
        "|" => Some(Tile::Glass(Glass::Vertical)),
        "+" => Some(Tile::Glass(Glass::Cross)),
        _ => None,
    };
    if let Some(tile) = fixture {
        return Ok(tile);
    }
    let bad = |m: String| err(t.line, t.column, m);
    let mut chars = t.text.chars();
    let owner = chars
        .next()
        .and_then(|c| c.to_digit(10))
        .filter(|d| (1..=MAX_PLAYERS as u32).contains(d))
        .ok_or_else(|| {
            bad(format!(
                "`{}` is not a token (a piece starts with an owner 1-4)",
                t.text
            ))
        })? as Player;
    let glyph = chars
        .next()
        .ok_or_else(|| bad(format!("`{}` has no piece kind", t.text)))?;
    let kind = kinds
        .by_glyph(glyph)
        .ok_or_else(|| bad(format!("`{glyph}` is not a known piece kind")))?;
    let facing = match kinds.get(kind).class {
        Class::Bracket => {
            let c = chars
                .next()
                .ok_or_else(|| bad(format!("the bracket `{}` needs a facing U/D/L/R", t.text)))?;
            Some(Dir::from_char(c).ok_or_else(|| bad(format!("`{c}` is not a facing (U/D/L/R)")))?)
        }
        Class::Shape => None,
    };
    if chars.next().is_some() {
        return Err(bad(format!("`{}` has extra characters", t.text)));
    }
    Ok(Tile::Piece(Piece {
        owner,
        kind,
        facing,
    }))
}

/// One token for a tile.
pub fn tile_token(tile: Tile, kinds: &KindTable) -> String {
    match tile {
        Tile::Empty => ".".into(),
        Tile::Mirror(m) => m.to_char().into(),
        Tile::Glass(g) => g.to_char().into(),
        Tile::Piece(p) => {
            let mut s = String::with_capacity(6);
            s.push(char::from(b'0' + p.owner));
            s.push(kinds.get(p.kind).glyph);
            if let Some(f) = p.facing {
                s.push(f.to_char());
            }
            s
        }
    }
}

/// The board as N lines of N tokens separated by single spaces.
pub fn format_board(board: &Board, kinds: &KindTable) -> String {
    let mut out = String::new();
    for row in board.tiles().chunks(board.side()) {
        let line: Vec<String> = row.iter().map(|&t| tile_token(t, kinds)).collect();
        out.push_str(&line.join(" "));
        out.push('\n');
    }
    out
}

/// A coverage map as N lines of `#` (covered) and `.`.
pub fn format_coverage(board: &Board, covered: &CellSet) -> String {
    let n = board.side();
    let mut out = String::with_capacity(n * (n + 1));
    for cell in 0..board.cells() {
        out.push(if covered.contains(cell) { '#' } else { '.' });
        if cell % n == n - 1 {
            out.push('\n');
        }
    }
    out
}

/// The report of `bracket-war bracket resolve`: the board, an empty line, then for each
/// player `coverage p` and that player's coverage map.
pub fn format_report(board: &Board, kinds: &KindTable) -> String {
    let mut out = format_board(board, kinds);
    out.push('\n');
    let coverage = coverage_all(board, kinds);
    for p in board.seats() {
        out.push_str(&format!("coverage {p}\n"));
        out.push_str(&format_coverage(board, &coverage[p as usize - 1]));
    }
    out
}
