//! Directions, mirrors and glass: how a ray or beam moves from cell to cell.

use serde::{Deserialize, Serialize};

/// A travel direction or a facing. `U` is towards row 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Dir {
    U,
    D,
    L,
    R,
}

impl Dir {
    pub const ALL: [Dir; 4] = [Dir::U, Dir::D, Dir::L, Dir::R];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn opposite(self) -> Dir {
        match self {
            Dir::U => Dir::D,
            Dir::D => Dir::U,
            Dir::L => Dir::R,
            Dir::R => Dir::L,
        }
    }

    /// The two directions at right angles to this one.
    pub const fn sides(self) -> [Dir; 2] {
        match self {
            Dir::U | Dir::D => [Dir::L, Dir::R],
            Dir::L | Dir::R => [Dir::U, Dir::D],
        }
    }

    pub const fn is_vertical(self) -> bool {
        matches!(self, Dir::U | Dir::D)
    }

    /// Turns clockwise (U -> R -> D -> L -> U).
    pub const fn clockwise(self) -> Dir {
        match self {
            Dir::U => Dir::R,
            Dir::R => Dir::D,
            Dir::D => Dir::L,
            Dir::L => Dir::U,
        }
    }

    pub const fn to_char(self) -> char {
        match self {
            Dir::U => 'U',
            Dir::D => 'D',
            Dir::L => 'L',
            Dir::R => 'R',
        }
    }

    pub fn from_char(c: char) -> Option<Dir> {
        match c {
            'U' => Some(Dir::U),
            'D' => Some(Dir::D),
            'L' => Some(Dir::L),
            'R' => Some(Dir::R),
            _ => None,
        }
    }
}

/// A mirror. `Slash` is `/`, `Backslash` is `\`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Mirror {
    Slash,
    Backslash,
}

impl Mirror {
    /// The travel direction after the mirror, for a ray travelling `dir` into it.
    /// `/`: U->R, R->U, D->L, L->D. `\`: U->L, L->U, D->R, R->D.
    pub const fn reflect(self, dir: Dir) -> Dir {
        match (self, dir) {
            (Mirror::Slash, Dir::U) => Dir::R,
            (Mirror::Slash, Dir::R) => Dir::U,
            (Mirror::Slash, Dir::D) => Dir::L,
            (Mirror::Slash, Dir::L) => Dir::D,
            (Mirror::Backslash, Dir::U) => Dir::L,
            (Mirror::Backslash, Dir::L) => Dir::U,
            (Mirror::Backslash, Dir::D) => Dir::R,
            (Mirror::Backslash, Dir::R) => Dir::D,
        }
    }

    pub const fn to_char(self) -> char {
        match self {
            Mirror::Slash => '/',
            Mirror::Backslash => '\\',
        }
    }
}

/// A glass plate: `-` blocks vertical travel, `|` horizontal travel, `+` all travel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Glass {
    Horizontal,
    Vertical,
    Cross,
}

impl Glass {
    pub const fn blocks(self, dir: Dir) -> bool {
        match self {
            Glass::Horizontal => dir.is_vertical(),
            Glass::Vertical => !dir.is_vertical(),
            Glass::Cross => true,
        }
    }

    pub const fn to_char(self) -> char {
        match self {
            Glass::Horizontal => '-',
            Glass::Vertical => '|',
            Glass::Cross => '+',
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mirrors_follow_the_spec_tables() {
        use Dir::*;
        let slash: Vec<_> = [U, R, D, L].map(|d| Mirror::Slash.reflect(d)).into();
        assert_eq!(slash, vec![R, U, L, D]);
        let back: Vec<_> = [U, L, D, R].map(|d| Mirror::Backslash.reflect(d)).into();
        assert_eq!(back, vec![L, U, R, D]);
    }

    #[test]
    fn glass_blocks_by_orientation() {
        assert!(Glass::Horizontal.blocks(Dir::U) && !Glass::Horizontal.blocks(Dir::L));
        assert!(Glass::Vertical.blocks(Dir::R) && !Glass::Vertical.blocks(Dir::D));
        assert!(Dir::ALL.iter().all(|&d| Glass::Cross.blocks(d)));
    }
}
