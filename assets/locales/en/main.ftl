# Bracket War — English. Every string the game shows is here; a key missing from another
# language falls back to this file.

language-name = English
game-title = Bracket War
bracket-war = Bracket War
star-war = Star War
pig-kill = Pig Country Kill
settings = Settings
quit = Quit
back = Back
ok = OK
yes = Yes
no = No
on = on
off = off
none = none
loading = Loading
notices = Please note
notice-settings-damaged = { $file } was damaged and the default settings are used: { $reason }
list-separator = {", "}
list-or = {" or "}

## Settings
settings-language = Language
settings-pack = Texture pack
settings-window = Window
settings-fullscreen = Fullscreen
settings-windowed = Windowed
settings-animations = Animations
settings-sound = Sound
settings-mute = Mute
settings-master-volume = Master
settings-effects-volume = Effects
settings-music-volume = Music
settings-junqi-engine = 军棋 external engine (a command line speaking the engine protocol)
pause-pack-colours = Another pack brings other seat colours (Settings has fixed colour-blind-safe ones)
settings-seat-colors = Seat colours
settings-seat-colors-pack = The pack's
settings-seat-colors-colorblind = Colour-blind safe
settings-hard-think = Hard computer, time a move
settings-seconds = { $seconds } s
settings-junqi-engine-hint = For example: bracket-war junqi engine --ai strong. Leave it empty for none.
settings-mods = Mods (括号大战 piece kinds)
settings-mods-none = No mods. Put .ron files in content/mods, or start with --mods DIR.
settings-mod-loaded = Loaded: { $kind } ({ $file })
settings-mod-refused = Refused: { $why }
settings-mod-glyph-missing = The game's font has no { $code }: the kind is drawn as { $mark }.
settings-mod-image = Picture: { $file }
settings-mod-image-failed = Picture not used, drawn from its glyph: { $why }

## Save slots
save-slots = Save slots
empty-slot = Empty slot
damaged = Damaged save
restore-backup = Restore backup
delete = Delete
confirm-delete = Delete save #{ $slot }?
slot-help = Left click to open, right click to delete, ▶ to replay
slot-info = { $players } players · round { $round } · player { $turn } to move
slot-finished = { $players } players · finished in round { $round }
last-played = Last played { $when }
ago-now = just now
ago-minutes = { $n ->
    [one] one minute ago
   *[other] { $n } minutes ago
}
ago-hours = { $n ->
    [one] one hour ago
   *[other] { $n } hours ago
}
ago-days = { $n ->
    [one] yesterday
   *[other] { $n } days ago
}
damage-too-large = the file is { $bytes } bytes, more than a save can be
damage-unreadable = the file cannot be read: { $reason }
damage-checksum = the checksum does not match (truncated or edited)
damage-not-a-save = not a save: { $reason }
damage-newer-version = saved by a newer version of the game (format { $version })
damage-replay = { $reason }
damage-missing-kinds = The save is fine, but it uses piece kinds that are not loaded: { $kinds }. Put the mod that adds them back in content/mods (or name its folder with --mods) and the save comes back as it was.
needs-mods = Needs a mod

## New game
new-game = New game
players = Players
board-size = Board size
mirror-density = Mirror density
glass-density = Glass density
mode = Mode
no-touching-stars = No touching stars
coverage-hint = Coverage hint
turn-limit = Turn limit
seat-n = Seat { $n }
seat-human = Human
seat-computer-random = Computer (easy)
seat-computer-greedy = Computer (normal)
seat-computer-strong = Computer (hard)
seed = Seed
start = Start!
computers-only-turn-limit = Only computers play: the game ends after { $n } rounds.

## The board
player = Player { $n }
round-n = Round { $n }
turn-of = To move:
computer-seat = (computer)
online-their-move = waiting for their move
computer-thinking = (computer) thinking…
seed-n = Seed { $seed }
palette = Pieces
palette-help = Pick a piece and drag it onto the board; the arrows or the wheel turn it
palette-help-star = Pick the star, then click a cell or drag it onto the board; stars have no facing
pass = Pass
surrender = Surrender
surrender-confirm = { $player } gives up: all their pieces leave the board. Surrender?
pause = Pause
resume = Resume
save-and-quit = Save and quit to menu
show-beams = Show attacks
nets-title = { $piece } ({ $player })
nets-what = Net attack on each face (enemy attack minus own attack leaving by that face)
nets-front = { $arrow } front: { $net }, destroyed only above { $hp }
nets-front-immune = { $arrow } front: { $net }, never destroyed through the front
nets-side = { $arrow } side: { $net }, destroyed above 0
nets-back = { $arrow } back: { $net }, destroyed above 0
nets-shape = { $arrow }: { $net }, destroyed only above { $hp }
nets-shape-immune = { $arrow }: { $net }, never destroyed
coverage-hint-key = Coverage hint (H)
event-log = Log
log-placed = { $player } placed { $piece } at { $at }
log-deleted = { $player } deleted { $at }
log-passed = { $player } passed
log-no-placement = { $player } has no free covered cell: passed automatically
log-surrendered = { $player } surrendered
log-destroyed = { $player }'s { $piece } at { $at } was destroyed
winner = { $n ->
    [one] { $players } wins
   *[other] { $players } win
}
scores = Scores (cells covered)
score-line = { $player }: { $score }
watch-replay = Watch replay
replay-speed = Replay speed
replay-moves = Moves
replay-start = Start
replay-result = Result
settings-step-help = Click a setting for the next value, right-click for the one before
to-menu = Main menu
controls-button = Controls (F1)
controls = Controls
close = Close
controls-bracket-1 = Place: drag a piece from the left panel onto a cell; where you let go inside the cell sets its facing. Or click a piece in the panel, then a cell.
controls-bracket-2 = Facing: the arrow keys, or the mouse wheel over the board (a quarter turn per notch).
controls-bracket-3 = Delete one of your pieces in your home corner: right-click it to mark it, then left-click it to confirm; right-click again or Esc cancels. Deleting does not use your turn.
controls-bracket-4 = Keyboard only: 1–9 picks a piece, W A S D move the cursor, Enter or Space places, Delete marks for deletion.
controls-bracket-5 = Resting the mouse on a cell previews the move: the cells newly covered, the attack beams, the pieces that would be destroyed. With "Show attacks" on, resting on a piece shows the net attack on each face.
controls-bracket-6 = H: coverage hint on or off. Esc: the pause menu. F1 or ?: these controls.
controls-star-1 = Place: click the star in the left panel, then an empty cell you cover; or drag it there. Stars have no facing.
controls-star-2 = Keyboard only: 1 picks the star, W A S D move the cursor, Enter or Space places.
controls-star-3 = A player with nowhere to place passes automatically; when nobody can place, the cells covered are the score.
controls-star-4 = H: coverage hint on or off. Esc: the pause menu. F1 or ?: these controls.
controls-junqi-1 = Deploy: click a piece, then another, to swap them; or drag one onto the other.
controls-junqi-2 = Move: click one of your pieces and the places it can reach light up; click one, or drag the piece there. Resting the mouse on a destination draws the path (long railway runs too).
controls-junqi-3 = The last moves are marked on the board, from and to; the log on the right lists every move.
controls-junqi-4 = Keyboard only: the arrow keys move the cursor, Enter selects or moves there, Esc lets go of the selection.
controls-junqi-5 = Offering a draw uses your move; resigning takes all your pieces off the board. Esc (with nothing selected): the pause menu. F1 or ?: these controls.
controls-junqi-6 = Marks: right-click a face-down enemy piece and pick your guess (or ?); the mark follows that piece, only you see it, the save keeps it, and it goes when the piece shows or leaves.
to-slots = Back to the save slots
game-over-title = { $mode } · over
bracket-end-surrendered = Every other player surrendered.
bracket-end-turn-limit = The limit of { $n } rounds was reached: scored by cells covered.
bracket-end-no-star-fits = No player could place a star any more: scored by cells covered.

## Why a placement or deletion is refused
refusal-game-over = the game is over
refusal-off-board = { $at } is off the board
refusal-occupied = { $at } is not empty
refusal-not-covered = { $at } is outside your signal coverage
refusal-others-home = { $at } is in player { $player }'s home corner
refusal-kind-not-allowed = `{ $kind }` cannot be placed in this mode
refusal-needs-facing = the bracket `{ $kind }` needs a facing
refusal-shape-has-no-facing = the shape `{ $kind }` has no facing
refusal-adjacent-star = a star at { $at } would touch another of your stars
refusal-no-own-piece = { $at } holds none of your pieces
refusal-not-in-own-home = { $at } is outside your home corner
refusal-no-deletion-in-star-war = Star War has no deletions
refusal-must-place = you can still place a piece, so you cannot pass
refusal-unknown-kind = there is no piece kind `{ $kind }`

## 猪国杀
pig-n = pig { $n }
pig-count = Pigs
pig-deck-size = Deck size
pig-roles-help = Roles (click to change; pig 1 is always the MP)
pig-card-weights = Card weights (random deck)
pig-watch = Watch
pig-role-goal-mp = Master pig (MP): pig 1, known to all. Wins when every rebel is dead; loses if it dies.
pig-role-goal-zp = Loyal pig (ZP): protects the master pig and wins with it.
pig-role-goal-fp = Rebel pig (FP): wins by killing the master pig.
pig-role-hidden-why = Role unknown: this pig has not shown its side yet.
pig-new-seed = New seed
pig-take-seat = Play pig { $n }
pig-other-pig = Play pig { $n } instead
pig-advanced = Advanced: a table in the problem's input format
pig-open-file = Input file:
pig-no-such-pig = pig { $n } is not at this table ({ $pigs } pigs)
pig-slots-full = Every slot is taken: delete one (right click) to start a new game.
pig-slot-help = click: continue or replay · ▶ replay · right click: delete
pig-slot-seated = #{ $slot } { $pigs } pigs · over, you played pig { $pig }
pig-slot-to-decide = #{ $slot } { $pigs } pigs · unfinished, pig { $pig } to decide
pig-slot-continue-first = Not over yet: click the slot to continue it
pig-slot-watched = #{ $slot } { $pigs } pigs · watched
pig-step = Step
pig-next-turn = Next turn
pig-steps-per-second = steps/s
pig-to-the-end = To the end
pig-your-decision = Your decision
pig-you-are = You are { $pig }
pig-which-card = Which card?
pig-play-on = { $card } → { $target }
pig-end-turn = End my turn
pig-ask-dodge = { $attacker } plays Kill on you: Dodge?
pig-ask-area = { $user } plays { $card }: answer with { $answer }?
pig-ask-duel = Duel with { $opponent }: discard a Kill?
pig-ask-nullify-protect = A trick is about to hit { $target }: nullify it?
pig-ask-nullify-counter = { $user } played a Nullification: cancel it?
pig-ask-peach = You are dying: eat a Peach?
pig-deck-left = deck { $n }
pig-discards = Played { $n }
pig-look-at-table = Look at the table
pig-role-hidden = role unknown
pig-you = {" (you)"}
pig-revealed = {" · revealed"}
pig-suspect = {" · suspect"}
pig-crossbow = {" crossbow"}
pig-dead = dead
pig-hand-hidden = { $n ->
    [one] one card, face down
   *[other] { $n } cards, face down
}
pig-result = Result
pig-judge-output = Judge output (the problem's format)
pig-you-won = Your side won{ $alive ->
    [yes] .
   *[no] , though your pig died.
}
pig-you-lost = Your side lost{ $alive ->
    [yes] , and your pig survived.
   *[no] .
}
pig-end-master = The MP wins
pig-end-rebels = The rebels win
pig-end-no-result = Turn cap reached: no result
pig-log-turn = —— { $pig }'s turn
pig-log-draw = { $pig } draws { $cards }
pig-log-draw-hidden = { $pig } draws { $n ->
    [one] a card
   *[other] { $n } cards
}
pig-log-reward-hidden = { $pig } killed a rebel and draws { $n } cards
pig-log-play = { $pig } plays { $card }
pig-log-play-on = { $pig } plays { $card } on { $target }
pig-log-equip = { $pig } equips the crossbow
pig-log-equip-replace = { $pig } equips the crossbow (replacing one)
pig-log-heal = { $pig } heals to { $hp }
pig-log-respond = { $pig } answers with { $card }
pig-log-nullify = { $pig } nullifies (against { $against })
pig-log-reveal = { $pig } shows their role
pig-log-reveal-loyal = { $pig } reveals as loyal
pig-log-reveal-rebel = { $pig } reveals as a rebel
pig-log-suspect = the MP now takes { $pig } for a rebel
pig-log-damage = { $pig } takes 1 damage from { $source }, { $hp } left
pig-log-rescue = { $pig } eats a peach while dying, { $hp }
pig-log-death = { $pig } dies, killed by { $killer } ({ $role })
pig-log-reward = { $pig } killed a rebel and draws { $cards }
pig-log-penalty = { $pig } killed a loyal pig and loses { $n ->
    [one] one card
   *[other] { $n } cards
}

## 军棋
junqi = Junqi
junqi-slot-help = Left click to open or continue, right click to delete
junqi-slot-players = { $n } players
junqi-slot-deploying = deploying
junqi-slot-playing = ply { $plies }
junqi-slot-over = finished after { $plies } plies
junqi-slot-online = played online
junqi-new-game = New Junqi game
junqi-presets = Presets:
junqi-preset-standard = Standard Junqi
junqi-preset-random = Four Kingdoms, random deal
junqi-preset-free-for-all = Four Kingdoms, free for all
junqi-preset-open = [Open allies] Four Kingdoms
junqi-preset-side-by-side = Side by side
junqi-preset-open-random = [Open allies] random deal
junqi-preset-two = Two players
junqi-board = Board
junqi-board-2p = two-player
junqi-board-4p = four-player (四国)
junqi-alliance = Alliance
junqi-alliance-opposite = opposite seats
junqi-alliance-adjacent = side by side
junqi-alliance-none = none
junqi-random-deal = Random deal
junqi-open-allies = Allies visible
junqi-reveal-flag = Reveal the flag
junqi-bombs-not-front = No bomb in front
junqi-quiet-limit = Quiet limit
junqi-seat = Seat { $seat }
junqi-profile = profile name
junqi-computer = Computer
junqi-computer-easy = Computer (easy)
junqi-computer-normal = Computer (normal)
junqi-computer-hard = Computer (hard)
junqi-engine-seat = External engine
junqi-engine-none = To seat an external engine, set its command in Settings.
junqi-engine-command = External engine: { $command }
junqi-engine-layout-refused = { $seat }'s engine laid out wrongly ({ $reason }); the automatic layout stands in.
junqi-engine-forfeit = { $seat }'s engine forfeits the turn: { $reason }
junqi-engine-gone = { $seat }'s engine stopped: { $reason }
junqi-start = March!
junqi-handover = Pass the computer to { $player }
junqi-handover-hint = Everyone else looks away: the board shows this player's pieces.
junqi-handover-go = I am ready
junqi-deploy = Deployment
junqi-deploy-help = Click one piece, then another, to swap them (or drag one onto another).
junqi-auto-layout = Automatic layout
junqi-mirror = Mirror
junqi-confirm-layout = March out
junqi-layout-not-in-arm = { $node } is not in your arm
junqi-layout-in-camp = { $node } is a camp: no piece starts in a camp
junqi-layout-two-pieces = { $node } holds two pieces
junqi-layout-flag-not-in-hq = the flag must stand in a headquarters, not { $node }
junqi-layout-bomb-on-front = no bomb on the front row ({ $node })
junqi-layout-wrong-pieces = the layout must place exactly your pieces
junqi-layout-mines-not-back = at least { $need } mines must stand in the last two rows ({ $back } do)
junqi-refusal-unreachable = that piece cannot go there
junqi-refusal-not-your-turn = it is not your turn
junqi-refusal-other = that cannot be done now
junqi-deploy-timed-out = Time for the layout ran out: the automatic layout marched.
junqi-move-timed-out = Time ran out: the move is lost.
junqi-why-flag = The Flag never moves.
junqi-why-mine = A landmine never moves.
junqi-why-hq = A piece in a headquarters never moves.
junqi-why-blocked = This piece has nowhere to go now (it is boxed in).
junqi-out = {" · out"}
junqi-score = score { $score }
junqi-total = (total { $score })
junqi-quiet-count = { $n } of { $limit } quiet plies: a draw comes at { $limit }
junqi-offer-draw = Offer a draw (uses your move)
junqi-offer-draw-help = Offering a draw uses your move: the game is drawn if everyone agrees, otherwise play goes on.
junqi-draw-question = { $player }: accept the draw?
junqi-resign = Resign
junqi-resign-confirm = { $player } resigns: all their pieces leave the board. Resign?
junqi-moves = Moves
junqi-log-move = { $player }: { $from } → { $to }
junqi-mark = Mark (only you see it)
junqi-mark-clear = Clear
junqi-mark-hint = Its combats say: { $kinds }
junqi-log-hint = {" "}(so that piece is { $kinds })
junqi-node-names = Show node names on the board
junqi-log-attack = { $player }: { $from } → { $to }, combat: { $n ->
    [one] one piece left the board
   *[other] { $n } pieces left the board
}
junqi-piece-of = { $player }'s { $piece }
junqi-piece-unknown = { $player }'s piece
junqi-log-won = { $attacker } took { $defender } ({ $from } → { $to })
junqi-log-lost = { $attacker } attacked { $defender } and was taken ({ $from } → { $to })
junqi-log-both = { $attacker } and { $defender } clashed: both left the board ({ $from } → { $to })
junqi-log-flag = { $by } captured the flag of { $of }
junqi-log-flags-revealed = { $player }'s last commander is gone: the flag is shown
junqi-log-lost-flag = { $player } is out: the flag was captured
junqi-log-lost-no-move = { $player } is out: no piece can move
junqi-log-resigned = { $player } resigned
junqi-log-draw-offered = { $player } offers a draw
junqi-log-draw-yes = { $player } accepts the draw
junqi-log-draw-no = { $player } declines the draw
junqi-log-forfeit = { $player } lost the turn
junqi-won = { $n ->
    [one] { $players } wins
   *[other] { $players } win
}
junqi-draw-agreed = Draw by agreement
junqi-draw-quiet = Draw: nobody took a piece for too long
junqi-layouts-revealed = Every army as it was laid out:
junqi-saved = The game is saved in its slot.
junqi-dove = {" · offers a draw"}
junqi-team = { $team ->
    [0] Team A
   *[other] Team B
}
junqi-deploy-timer = Deployment timer
junqi-move-timer = Move timer
junqi-seconds = { $n } s
junqi-clock = { $n ->
    [one] one second left
   *[other] { $n } seconds left
}
junqi-profile-total = { $score } points in { $games ->
    [one] one game
   *[other] { $games } games
}
junqi-layout-name = layout name
junqi-save-layout = Save layout
junqi-load-layout = Saved layouts that fit:
junqi-layout-not-saved = the layout was not saved: { $reason }
junqi-replay-all = everything
junqi-replay-seat = as { $seat } saw it
junqi-replay-whose = This game is not over: whose view?
junqi-replay-whose-hint = Pick a seat below. The opponents' layouts stay hidden until the game ends.
junqi-replay-plies = ply { $n } of { $total }
preview-dies = This piece would be destroyed as soon as it is placed.
delete-mark-help = Marked for deletion: click it again to delete it, right click to cancel.
window-title = Bracket War
stats-hp-bracket = HP { $hp } on its front, 0 on the other faces
stats-hp-shape = HP { $hp } on every face
stats-hp-front-immune = Never destroyed through its front
stats-attack = Attack { $attack }
stats-signal-none = No signal
stats-signal-ray = Signal: a ray forward
stats-signal-e-lines = Signal: three rays forward (its own and its side neighbours')
stats-signal-flood = Signal: every cell within { $steps } steps
stats-front-pass-through = Enemy attack on its front passes straight through
stats-hit-fraction = Only { $percent }% of an enemy beam hits it; the rest travels on

## Online
online = Online
cancel = Cancel
online-offline = Not connected
online-connecting = Connecting…
online-connected = Connected
online-end-bad-address = That is not a server address: write host:port, for example 192.168.1.5:7878.
online-end-unreachable = The server cannot be reached: check the address and the port, and that bracket-war serve runs there and a firewall lets the port through.
online-end-not-a-server = Something answered at that address, but not a game server of this game (or of another version).
online-end-server-closed = The server closed the connection.
online-end-broken = The connection broke: connect again (within 60 s your seat is kept).
online-server = Server
online-name = Name
online-disconnect = Disconnect
online-help = Type the address of a friend's server (they run bracket-war serve --addr 0.0.0.0:7878) and your name.
online-rooms = Rooms
online-refresh = Refresh
online-taken = { $taken }/{ $seats } seated
online-enter = Enter
online-no-rooms = No rooms yet: open one.
online-some-rooms = Showing { $shown } of { $total } rooms, those waiting for players first.
online-move-secs = Time per move (seconds, 0 = none)
online-takeover = A computer plays for anyone gone over 60 s
online-total-mins = Game clock (minutes, 0 = none)
online-timeouts-lose = Timeouts that lose (0 = never)
online-total-help = Each side's time for the whole game; once it is spent, each move has only the move timer (byo-yomi), and with no move timer the side loses.
online-any-count = Any number of players
online-any-count-help = Four seats: the game starts when everyone seated raised a hand and at least two sit facing each other, as a 2-, 3- or 4-player game (two facing players play as south and north).
online-total-mark = { $n } min game clock
online-total-clock = { $who }: game clock { $time }
online-reading = Byo-yomi: { $n } s
online-turn-clock = { $who } to move: { $n } s left
online-any-count-not-facing = Everyone seated has a hand up, but nobody sits facing anybody: someone must sit opposite (south–north or east–west) to start.
online-leave-sure = The game goes on: once you leave, your seat is played by the computer or times out, as the room says. To come back, enter this table again from the hall (logged in), or disconnect and connect again.
online-password-rule = A new account's password has at least 8 characters; without one, enter as a guest (games not rated).
online-other-server = on { $server }
online-side-0 = South
online-side-1 = East
online-side-2 = North
online-side-3 = West
online-create = Open the room
online-status-waiting = Waiting
online-status-playing = Playing
online-status-over = Over
online-status-failed = Closed
online-status-closed = Closed (nobody there)
online-seat-empty = (empty)
online-hand-up = [hand up]
online-away = (away)
online-you = (you)
online-sit = Sit
online-kick = Ask to leave
online-remove = Remove
online-observers = Watching: { $names }
online-observers-more = Watching: { $names } and { $more } more
online-raise-hand = Raise hand
online-hand-down = Lower hand
online-stand = Stand up and watch
online-leave = Leave the room
online-say = Send
online-waiting = The game starts when every seat is taken and everyone has raised a hand.
online-finished = The game is over: its record is kept on the server.
online-draw-yes = Accept the draw
online-draw-no = No draw
online-resign-sure = Resign for sure?
online-board-2p = two-player board
online-board-4p = four-player board
online-players = { $n } players
online-refused-version = The server speaks another protocol version: update the game.
online-refused-malformed = The server did not understand that message.
online-refused-rate_limited = Too fast: wait a moment.
online-refused-too_large = The message was too large.
online-refused-no_room = That room does not exist or has closed.
online-refused-room_full = The room is full.
online-refused-server_full = The server is full: { $detail }
online-refused-seat_taken = Someone sits there already.
online-refused-bad_token = Your old seat is gone (its game ended or the room closed).
online-refused-not_host = Only the host may do that.
online-refused-not_seated = Observers cannot move.
online-refused-wrong_phase = Not now.
online-refused-not_your_turn = It is not your turn.
online-refused-illegal = The rules refuse that: { $detail }
online-refused-bad_options = Those room settings do not work: { $detail }
online-refused-room_failed = The room closed after a server fault; its record is kept.
online-refused-idle = The connection was silent too long and was closed.
online-refused-name_taken = An account has that name, or one that looks the same (letters of another script, I for l): choose another.
online-refused-bad_name = The server does not take that name: 1 to 24 visible characters, no colon.
online-refused-bad_password = A password needs 8 characters or more (and at most 128 bytes).
online-refused-bad_login = Wrong name or password.
online-refused-bad_session = Your log-in has expired: log in again. You play as a guest meanwhile.
online-refused-busy = The server is busy: try again in a moment.
online-refused-too_early = A rated game cannot be resigned in its first 20 plies.
online-refused-wrong_password = That is not the room's password.
online-refused-not_logged_in = A rated room's seats are for logged-in players.
online-refused-no_observers = The host lets nobody watch this room.
online-refused-no_player = No player has that name.
online-save = Save to a slot
online-saved = Saved in slot #{ $slot }.
online-no-free-slot = No free slot: delete one first.
online-left = You left the room.
online-left-kicked = The host asked you to leave the room.
online-left-replaced = Your seat continues on another connection.
online-save-failed = Could not save: { $reason }

## The online hall: accounts, the room list, the leaderboard, player pages
online-password = Password
online-login = Log in
online-register = Register
online-guest = Play as a guest
online-continue-as = Continue as { $name }
online-logged-in-as = Logged in as { $name }
online-guest-as = Guest: { $name } (games not counted)
online-logout = Log out
online-account-help = Logged in, your 军棋 games count in the standings and ratings; a guest's do not. The password goes only to the server; this computer keeps the log-in (for 30 days), never the password.
online-tab-rooms = Rooms
online-tab-leaderboard = Leaderboard
online-tab-player = Players
online-filter-game = Game
online-filter-any = Any
online-filter-status = Status
online-filter-free = With a free seat
online-filter-rated = Rated
online-filter-unrated = Unrated
online-page = Page { $page } of { $pages }
online-prev = Previous
online-next = Next
online-watch = Watch
online-private = password
online-rated = rated
online-observer-count = { $n } watching
online-no-match = No room matches.
online-room-name = Room name
online-room-rated = Rated game (logged-in players only, no computers)
online-room-observers = Others may watch
online-room-password = Room password (empty: public room)
online-join-password = Room #{ $room } asks for a password:
online-pool-junqi-2 = 军棋, 2 players
online-pool-junqi-3 = 军棋, 3 players
online-pool-junqi-4 = 军棋, 4 players
online-lb-empty = No rated games in this group yet.
online-lb-place = Place
online-lb-rank = Rank
online-lb-rating = Rating
online-lb-games = Games
online-player-look = Look up
online-player-ratings = Ratings
online-player-totals = Standings
online-player-recent = Recent games
online-player-mode-line = { $mode }: score { $score }, { $won } won { $drawn } drawn { $lost } lost
online-player-none = No games yet.
online-finish-won = won
online-finish-drew = drew
online-finish-lost = lost
online-replay = Replay
online-rated-line = { $name }: rating { $before } → { $after }, score { $score }
online-unrated-line = { $name }: not rated this game, score { $score }
online-autoplay-on = Let the computer play
online-autoplay-off = Take the seat back
online-autoplaying = (computer playing)
online-observer-line = [watching] { $from }: { $text }
online-observers-only = During the game, what observers say only observers see.
rank-engineer = Engineer
rank-platoon = Platoon leader
rank-company = Company commander
rank-battalion = Battalion commander
rank-regiment = Regiment commander
rank-brigade = Brigade commander
rank-division = Division commander
rank-corps = Corps commander
rank-commander = Commander-in-chief
online-quick = Quick match:
online-queued = Looking for { $pool } opponents ({ $n } waiting; your grade first, wider the longer you wait)…
online-leave-queue = Stop looking
online-tab-new-room = New room
online-mode-2p = 2 players
online-mode-4p-standard = 4 players, facing allies
online-mode-4p-side-by-side = 4 players, neighbour allies
online-mode-4p-melee = 4 players, each alone
online-mode-3p-standard = 3 players, facing allies
online-mode-3p-side-by-side = 3 players, neighbour allies
online-mode-3p-melee = 3 players, each alone
