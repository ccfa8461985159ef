# The rules page: for each game, sections (a title and a text) in order.

rules = Rules
rules-bracket-hint = The numbers (hit points, attack) come from the content files; a mod's pieces show their own in the palette's tooltip.
rules-kinds = Every piece kind (from the content files, mods included)

rules-bracket-1-title = The goal
rules-bracket-1 = 2 to 4 players take turns placing brackets and shapes on a 10×10 (up to 20×20) board with mirrors and glass. Each player has a 3×3 home corner (player 1 top left, 2 bottom right, 3 top right, 4 bottom left). The last player left after the others surrender wins; with a round limit, whoever covers the most cells when it is reached wins.
rules-bracket-2-title = Signal coverage
rules-bracket-2 = You can only place on cells your signal covers. Your home corner is always covered; your pieces standing on covered cells send signal: the angle > a ray forward, E three parallel rays, the star * every cell within three steps. Rays turn at mirrors and stop at glass that blocks their way, at enemy pieces and at the edge. A piece standing outside its owner's coverage is destroyed.
rules-bracket-3-title = Attack
rules-bracket-3 = Brackets with attack (> and {"}"}) fire forward along a beam that moves like a ray: a friendly bracket facing the same way lets it through and adds its own attack (a chain), a friendly bracket facing another way stops it, a friendly shape lets it pass. A beam that reaches an enemy piece hits the face it arrives at. The paren ) lets a beam hitting its front pass straight through; the cross x takes only half, the other half flies on.
rules-bracket-4-title = Cancellation and destruction
rules-bracket-4 = The net attack on a face is the enemies' attack arriving there minus your own attack leaving through it; different enemies never cancel each other. A bracket dies when the net on a side or its back is above 0, or on its front above its hit points; a shape when the net on any face is above its hit points. Destroyed pieces vanish together, then the board is worked out again until nothing more is destroyed.
rules-bracket-5-title = A turn
rules-bracket-5 = First you may delete any of your pieces in your home corner (right click marks, left click confirms), then place exactly one piece: choose its kind and facing and put it on an empty cell you cover (not in another player's home). A placed piece can die at once; the preview tells you first. You may surrender at any time: all your pieces leave the board.
rules-bracket-6-title = Controls
rules-bracket-6 = Drag a piece from the palette on the left onto the board; while dragging it faces the side of the cell nearest the pointer, and the arrow keys and the wheel turn it too. Keyboard: WASD moves a cursor, 1–9 picks a kind, Enter places, Delete marks for deletion, Esc pauses. "Show attacks" draws every beam; the coverage hint (H) shows every player's coverage.

rules-star-1-title = Star War
rules-star-1 = Only stars can be placed and nothing can be deleted. A player with nowhere to place passes by itself. When every player passes in the same round the game ends: each player scores the cells they cover, and the highest score wins.
rules-star-2-title = Stars apart
rules-star-2 = An optional rule (set on the new-game screen): two stars of the same player may not touch side by side when both stand outside the home corners.

rules-junqi-1-title = Board and pieces
rules-junqi-1 = The two-player board or the four-player board. Each side has 25 pieces: Field Marshal, General, 2 Major Generals, 2 Brigadiers, 2 Colonels, 2 Majors, 3 Captains, 3 Lieutenants, 3 Engineers, 3 Landmines, 2 Bombs and the Flag. By rank: Field Marshal > General > Major General > Brigadier > Colonel > Major > Captain > Lieutenant > Engineer.
rules-junqi-2-title = Deployment
rules-junqi-2 = Pieces go on your own side only, never in a camp. The Flag stands in a headquarters; the landmines in the last two rows (all three of a standard set; with more than five in 乱战, at least five); no bomb in the first row. Click two pieces to swap them, or use the automatic layout, the mirror, and saved layouts. Whoever finishes first moves first.
rules-junqi-3-title = Moving
rules-junqi-3 = One step along a line; on the railway any distance along one straight line, and an engineer may turn on the railway. Nothing may stand in the way. The Flag, landmines and pieces in a headquarters never move. A piece in a camp cannot be attacked.
rules-junqi-4-title = Combat
rules-junqi-4 = The higher rank takes the lower, equal ranks both go; a bomb and anything both go; an engineer takes a landmine, any other piece dies on one; any piece takes the Flag. Identities stay hidden: everyone sees who moved, whether there was a fight, and which pieces left the board.
rules-junqi-5-title = Winning
rules-junqi-5 = A side whose Flag is taken, or who cannot move, loses; with four players a team loses when both its players have. When a Field Marshal dies, its owner's Flag is shown. Draws can be offered and games resigned; running out of time loses that move.
rules-junqi-6-title = Modes
rules-junqi-6 = Four players play 标准 (opposite seats are allies), 并肩 (neighbours are allies) or 混战 (everyone for themselves); 乱战 deals the pieces at random, and 友明 lets allies see each other's pieces.

rules-pig-1-title = Roles
rules-pig-1 = Pig 1 is the master pig; the others are loyal pigs and rebel pigs. The master and the loyal pigs are one side: the rebels win when the master dies, the master wins when every rebel is dead. Every pig has 4 hit points and starts with 4 cards.
rules-pig-2-title = A turn
rules-pig-2 = The pig to play draws two cards, then plays from left to right, looking again from the leftmost card after every card played. Without the crossbow a pig plays one Kill a turn.
rules-pig-3-title = The cards
rules-pig-3 = Kill: 1 damage to the next living pig, unless it plays a Dodge. Dodge: cancels a Kill or an Arrow Volley. Peach: heals 1, also when dying. Duel: both discard Kills in turn; whoever cannot takes 1 damage. Pig Invasion: every other pig discards a Kill or takes 1 damage. Arrow Volley: every other pig discards a Dodge or takes 1 damage. Nullification: cancels a trick or another Nullification. Crossbow: once equipped, any number of Kills a turn.
rules-pig-4-title = Showing one's side
rules-pig-4 = Playing a Kill, a Duel or a Nullification on another pig shows which side you are on. A pig that has not shown its side but hurt the master with an Invasion or a Volley looks like a rebel to the master.
rules-pig-5-title = Reward and penalty
rules-pig-5 = Whoever kills a rebel draws three cards; the master killing a loyal pig discards every card and its weapon.
rules-pig-6-title = Watching and playing
rules-pig-6 = Watching, step through the game or let it play at the speed you set. Playing a pig, the game asks you which card to play when it is your decision; the other pigs' hands and unshown roles stay face down.
