# 括号大战 — 简体中文

language-name = 中文
game-title = 括号大战
bracket-war = 括号大战
star-war = 星号大战
pig-kill = 猪国杀
menu-junqi-later = 军棋（尚未开放）
menu-junqi-later-why = 军棋的引擎已经完成，界面即将到来。
settings = 设置
quit = 退出
back = 返回
ok = 好
yes = 是
no = 否
on = 开
off = 关
none = 无
loading = 加载中
notices = 请注意
notice-settings-damaged = { $file } 已损坏，使用默认设置：{ $reason }
list-separator = 、

## 设置
settings-language = 语言
settings-pack = 材质包
settings-window = 窗口
settings-fullscreen = 全屏
settings-windowed = 窗口化
settings-animations = 动画

## 存档
save-slots = 存档
empty-slot = 空存档
damaged = 存档已损坏
restore-backup = 恢复备份
delete = 删除
confirm-delete = 确定删除 #{ $slot } 存档吗？
slot-help = 左键进入，右键删除，▶ 观看回放
slot-info = { $players } 名玩家 · 第 { $round } 回合 · 轮到玩家 { $turn }
slot-finished = { $players } 名玩家 · 已结束（共 { $rounds } 回合）
last-played = 上次游玩：{ $when }
ago-seconds = { $n } 秒前
ago-minutes = { $n } 分钟前
ago-hours = { $n } 小时前
ago-days = { $n } 天前
damage-too-large = 文件有 { $bytes } 字节，比存档能有的大
damage-unreadable = 文件无法读取：{ $reason }
damage-checksum = 校验和不符（文件被截断或修改过）
damage-not-a-save = 这不是存档：{ $reason }
damage-newer-version = 由更新版本的游戏保存（格式 { $version }）
damage-replay = 存档无法重放：{ $reason }

## 新游戏
new-game = 新游戏
players = 玩家数
board-size = 棋盘大小
mirror-density = 镜子密度
glass-density = 玻璃密度
mode = 模式
no-touching-stars = 星号不相连
coverage-hint = 覆盖提示
turn-limit = 回合上限
seat-n = 座位 { $n }
seat-human = 人类
seat-computer-random = 电脑（随机）
seat-computer-greedy = 电脑（贪心）
seed = 种子
start = 启动！
computers-only-turn-limit = 只有电脑玩家：游戏在 { $n } 回合后结束。

## 棋盘
player = 玩家 { $n }
round-n = 第 { $n } 回合
turn-of = 轮到
computer-seat = （电脑）
computer-thinking = （电脑）思考中……
seed-n = 种子 { $seed }
palette = 棋子
palette-help = 选择棋子，拖到棋盘上；方向键或滚轮旋转
pass = 跳过
surrender = 投降
surrender-confirm = { $player } 投降后，其所有棋子都会离开棋盘。确定投降吗？
pause = 暂停
resume = 继续
save-and-quit = 保存并返回菜单
show-beams = 显示攻击
coverage-hint-key = 覆盖提示（H）
event-log = 记录
log-placed = { $player } 在 { $at } 放置 { $piece }
log-deleted = { $player } 删除了 { $at }
log-passed = { $player } 跳过
log-surrendered = { $player } 投降了
log-destroyed = { $player } 的 { $glyph }（{ $at }）被摧毁
winner = { $players } 获胜
scores = 得分
score-line = { $player }：{ $score }
watch-replay = 观看回放
to-menu = 返回菜单

## 拒绝的原因
refusal-game-over = 游戏已经结束
refusal-off-board = { $at } 不在棋盘上
refusal-occupied = { $at } 不是空地
refusal-not-covered = { $at } 不在你的信号覆盖区域内
refusal-others-home = { $at } 在玩家 { $player } 的大本营里
refusal-kind-not-allowed = 这个模式不能放置 `{ $kind }`
refusal-needs-facing = 括号 `{ $kind }` 需要一个方向
refusal-shape-has-no-facing = 图形 `{ $kind }` 没有方向
refusal-adjacent-star = { $at } 的星号会与你的另一个星号相连
refusal-no-own-piece = { $at } 没有你的棋子
refusal-not-in-own-home = { $at } 不在你的 3×3 范围内
refusal-no-deletion-in-star-war = 星号大战不能删除
refusal-must-place = 你还能放置棋子，不能跳过
refusal-unknown-kind = 没有 `{ $kind }` 这种棋子

## 猪国杀
pig-n = { $n } 号猪
pig-count = 猪的数量
pig-deck-size = 牌堆张数
pig-roles-help = 身份（点击切换；1 号猪总是主猪）
pig-card-weights = 牌的权重（随机牌堆）
pig-watch = 观看
pig-take-seat = 执掌 { $n } 号猪
pig-other-pig = 换一只
pig-advanced = 高级：题目格式的输入文件
pig-open-file = 输入文件：
pig-no-such-pig = 这张桌子上没有 { $n } 号猪（共 { $pigs } 只）
pig-slots-full = 存档已满：右键删除一个存档再开始新游戏。
pig-slot-help = 点击：继续或回放 · ▶ 回放 · 右键：删除
pig-slot-seated = #{ $slot } { $pigs } 只猪 · 执掌 { $pig } 号
pig-slot-watched = #{ $slot } { $pigs } 只猪 · 观看
pig-step = 下一步
pig-next-turn = 下一回合
pig-steps-per-second = 步/秒
pig-to-the-end = 跳到结尾
pig-your-decision = 轮到你决定
pig-you-are = 你是 { $pig }
pig-which-card = 出哪张牌？
pig-play-on = { $card } → { $target }
pig-end-turn = 结束出牌
pig-ask-dodge = { $attacker } 对你使用杀，出闪吗？
pig-ask-area = { $user } 使用{ $card }，打出{ $answer }吗？
pig-ask-duel = 与 { $opponent } 决斗，弃一张杀吗？
pig-ask-nullify-protect = 锦囊将对 { $target } 生效，打出无懈可击吗？
pig-ask-nullify-counter = { $user } 打出了无懈可击，抵消它吗？
pig-ask-peach = 你濒死了，吃桃吗？
pig-deck-left = 牌堆 { $n }
pig-role-hidden = 身份未知
pig-you = （你）
pig-revealed = · 已表明身份
pig-suspect = · 类反
pig-crossbow = {" 猪哥连弩"}
pig-dead = 死亡
pig-hand-hidden = { $n } 张暗牌
pig-result = 结果
pig-judge-output = 评测输出（题目格式）
pig-you-won = 你的一方获胜{ $alive ->
    [yes] 。
   *[no] ，但你的猪阵亡了。
}
pig-you-lost = 你的一方失败{ $alive ->
    [yes] ，你的猪活了下来。
   *[no] 。
}
pig-end-master = 游戏结束：主猪胜
pig-end-rebels = 游戏结束：反猪胜
pig-end-no-result = 回合数达到上限：无结果
pig-log-turn = —— { $pig } 的回合
pig-log-draw = { $pig } 摸牌 { $cards }
pig-log-draw-hidden = { $pig } 摸了 { $n } 张牌
pig-log-reward-hidden = { $pig } 杀死反猪，摸 { $n } 张牌
pig-log-play = { $pig } 使用{ $card }
pig-log-play-on = { $pig } 对 { $target } 使用{ $card }
pig-log-equip = { $pig } 装备猪哥连弩
pig-log-equip-replace = { $pig } 装备猪哥连弩（替换旧武器）
pig-log-heal = { $pig } 回复到 { $hp } 点体力
pig-log-respond = { $pig } 打出{ $card }
pig-log-nullify = { $pig } 打出无懈可击（对 { $against }）
pig-log-reveal = { $pig } 表明身份
pig-log-reveal-loyal = { $pig } 跳忠
pig-log-reveal-rebel = { $pig } 跳反
pig-log-suspect = 主猪认为 { $pig } 是类反猪
pig-log-damage = { $pig } 受到 { $source } 的 1 点伤害，剩 { $hp }
pig-log-rescue = { $pig } 濒死吃桃，回到 { $hp }
pig-log-death = { $pig } 死亡（{ $killer } 所杀，{ $role }）
pig-log-reward = { $pig } 杀死反猪，摸三张 { $cards }
pig-log-penalty = { $pig } 杀死忠猪，弃置全部 { $n } 张牌
