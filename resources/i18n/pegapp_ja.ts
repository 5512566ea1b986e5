<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja">
<context>
    <name>AboutDialog</name>
    <message>
        <source>About PegApp</source>
        <translation>PegApp について</translation>
    </message>
    <message>
        <source>Peg solitaire on any board, and the other classic puzzles, with minimum-move solutions, hints and replays.</source>
        <translation>どんな盤でも遊べるペグ・ソリテアと、ほかの古典パズル。最短手数の解答、ヒント、再生つき。</translation>
    </message>
    <message>
        <source>Puzzles and algorithms after M. Hiroi’s “Puzzle DE Programming” articles.</source>
        <translation>パズルとアルゴリズムは広井誠 (M. Hiroi) 氏の「Puzzle DE Programming」の記事にもとづいています。</translation>
    </message>
    <message>
        <source>License: %1</source>
        <translation>ライセンス: %1</translation>
    </message>
    <message>
        <source>Qt %1, PySide %2</source>
        <translation>Qt %1、PySide %2</translation>
    </message>
</context>
<context>
    <name>AnalysisMarks</name>
    <message>
        <source>✓ still wins, ✕ dead end; numbers follow when proven.</source>
        <extracomment>the glyphs of the verdicts that have no number</extracomment>
        <translation>✓ はまだ解ける手、✕ は行き止まり。手数は証明でき次第表示します。</translation>
    </message>
    <message>
        <source>✓ still wins; numbers follow when proven.</source>
        <translation>✓ はまだ解ける手。手数は証明でき次第表示します。</translation>
    </message>
    <message>
        <source>Each move is marked with the fewest moves left after it; the best in green, ✕ a dead end.</source>
        <translation>各手にその後の最少残り手数を表示します。最善手は緑、✕ は行き止まりです。</translation>
    </message>
    <message>
        <source>Each move is marked with the fewest moves left after it; the best in green.</source>
        <translation>各手にその後の最少残り手数を表示します。最善手は緑です。</translation>
    </message>
    <message>
        <source>A jump that goes on with your chain costs no move.</source>
        <translation>続けて同じペグで跳ぶ（連続跳び）なら手数は増えません。</translation>
    </message>
</context>
<context>
    <name>AnalysisMode</name>
    <message>
        <source>(This puzzle&apos;s board does not mark its moves yet.)</source>
        <translation>(このパズルの盤面にはまだ手ごとの表示がありません。)</translation>
    </message>
    <message>
        <source>Analysis: %1</source>
        <extracomment>the setting that remembers analysis mode (issue #14: every legal move marked with its verdict)</extracomment>
        <translation>解析: %1</translation>
    </message>
    <message>
        <source>Analysis: every move is a dead end (✕): the goal can no longer be reached.</source>
        <translation>解析: どの手も行き止まり(✕)です。もうゴールには届きません。</translation>
    </message>
    <message>
        <source>Analysis: looking at every move…</source>
        <translation>解析: すべての手を調べています…</translation>
    </message>
    <message>
        <source>Analysis: going on with your move finishes the game.</source>
        <translation>解析: あなたの手を続けるとそのまま完成します。</translation>
    </message>
    <message>
        <source>Analysis: proving the numbers…</source>
        <translation>解析: 手数を証明しています…</translation>
    </message>
    <message>
        <source>Analysis: the goal is %1 moves away at best.</source>
        <translation>解析: ゴールまで最短であと%1手です。</translation>
    </message>
    <message>
        <source>Analysis: the goal is 1 move away.</source>
        <translation>解析: ゴールまであと1手です。</translation>
    </message>
</context>
<context>
    <name>App</name>
    <message>
        <source>PegApp is already running but does not answer. Close it (or end it) and start PegApp again.</source>
        <translation>PegApp はすでに起動していますが、応答がありません。それを閉じる (または終了させる) と、PegApp をもう一度起動できます。</translation>
    </message>
</context>
<context>
    <name>BoardView</name>
    <message>
        <source>Peg board</source>
        <extracomment>the move whose path is drawn (PuzzleView protocol: set_trail), None for none the settings it follows (PuzzleView protocol: SETTINGS)</extracomment>
        <translation>ペグの盤</translation>
    </message>
    <message>
        <source>%1 (hole %2 in the articles&apos; numbering)</source>
        <extracomment>the hole names drawn along the edges (or the articles&apos; numbers on the holes)</extracomment>
        <translation>%1 (記事の番号では穴 %2)</translation>
    </message>
</context>
<context>
    <name>BullsView</name>
    <message>
        <source>Bulls and cows (4 different digits)</source>
        <translation>数当て (異なる 4 桁の数字)</translation>
    </message>
    <message>
        <source>Mastermind (6 colours 1-6, repeats allowed)</source>
        <translation>マスターマインド (1〜6 の 6 色、重複あり)</translation>
    </message>
    <message>
        <source>Guess the computer&apos;s secret</source>
        <extracomment>the guesses and their scores are listed here: the window&apos;s Moves list would repeat them</extracomment>
        <translation>コンピューターの秘密の数を当てる</translation>
    </message>
    <message>
        <source>Let the computer guess yours</source>
        <translation>あなたの秘密の数をコンピューターが当てる</translation>
    </message>
    <message>
        <source>Guess</source>
        <translation>推測</translation>
    </message>
    <message>
        <source>Your guess:</source>
        <translation>あなたの推測:</translation>
    </message>
    <message>
        <source>Answer</source>
        <extracomment>weighs the guess being typed (a first guess plays out every secret: not in the UI thread); answers are tagged with the position and the guess</extracomment>
        <translation>回答</translation>
    </message>
    <message>
        <source>Bulls (right digit, right place):</source>
        <translation>ヒット (数字も位置も正しい):</translation>
    </message>
    <message>
        <source>Cows (right digit, wrong place):</source>
        <translation>ブロー (数字は正しいが位置が違う):</translation>
    </message>
    <message>
        <source>Think of a secret. The computer asks; you score its guess.</source>
        <translation>秘密の数を決めてください。コンピューターが推測するので、その結果を答えてください。</translation>
    </message>
    <message>
        <source>Black pegs (right colour, right place):</source>
        <translation>黒ピン (色も位置も正しい):</translation>
    </message>
    <message>
        <source>Fewest guesses on average</source>
        <extracomment>the proven strategies the window offers, by the plain name of what they minimise</extracomment>
        <translation>平均回数が最少</translation>
    </message>
    <message>
        <source>Fewest guesses at worst</source>
        <translation>最悪回数が最少</translation>
    </message>
    <message>
        <source>A good strategy, not a proven best (%1)</source>
        <translation>良い戦略 (最善とは証明されていない: %1)</translation>
    </message>
    <message>
        <source>Your guesses and their scores will be listed here.</source>
        <translation>あなたの推測とその結果がここに並びます。</translation>
    </message>
    <message>
        <source>White pegs (right colour, wrong place):</source>
        <translation>白ピン (色は正しいが位置が違う):</translation>
    </message>
    <message>
        <source>The computer&apos;s guesses and your scores will be listed here.</source>
        <translation>コンピューターの推測とあなたの答えがここに並びます。</translation>
    </message>
    <message>
        <source>Computer&apos;s strategy:</source>
        <translation>コンピューターの戦略:</translation>
    </message>
    <message>
        <source>Press H again to see the best guess.</source>
        <translation>もう一度 H で最善の推測を表示します。</translation>
    </message>
    <message>
        <source>Strategy of the hints:</source>
        <translation>ヒントの戦略:</translation>
    </message>
    <message>
        <source>Guesses to find the secret, counting the guess, if the computer plays on after it: at most (badge) and on average.</source>
        <extracomment>the secrets still possible, when few (a candidate among them may win at once)</extracomment>
        <translation>この推測をしてから先をコンピューターの戦略で進めたとき、秘密が分かるまでの推測回数（この推測を含む）: 最悪の場合（丸印）と平均。</translation>
    </message>
    <message>
        <source>%1   at most %2 · %3 on average</source>
        <translation>%1   最悪 %2 回 · 平均 %3 回</translation>
    </message>
    <message>
        <source>(may be the secret)</source>
        <translation>（秘密の候補）</translation>
    </message>
    <message>
        <source>(a bound: the best play may need fewer)</source>
        <translation>(上限: 最善の手ならもっと少ないかもしれない)</translation>
    </message>
    <message>
        <source>Weighing your guess…</source>
        <translation>あなたの推測を評価しています…</translation>
    </message>
    <message>
        <source>Type a guess to weigh it too.</source>
        <translation>推測を入力すると、それも評価します。</translation>
    </message>
    <message>
        <source>Your guess %1: at most %2 guesses, %3 on average.</source>
        <translation>あなたの推測 %1: 最悪 %2 回、平均 %3 回。</translation>
    </message>
    <message>
        <source>It can no longer be the secret.</source>
        <translation>これはもう秘密の数ではありえません。</translation>
    </message>
    <message>
        <source>The best listed: %1 (at most %2).</source>
        <translation>一覧の最善: %1（最悪 %2 回）。</translation>
    </message>
    <message>
        <source>It costs %1 more guess in all.</source>
        <translation>合計で推測が %1 回多くかかります。</translation>
    </message>
    <message>
        <source>It costs %1 more guesses in all.</source>
        <translation>合計で推測が %1 回多くかかります。</translation>
    </message>
    <message>
        <source>Over the %2 secrets still possible, it costs 1 more guess in all.</source>
        <translation>まだありうる %2 通りの秘密を合計すると、推測が 1 回多くかかります。</translation>
    </message>
    <message>
        <source>Over the %2 secrets still possible, it costs %1 more guesses in all.</source>
        <translation>まだありうる %2 通りの秘密を合計すると、推測が %1 回多くかかります。</translation>
    </message>
    <message>
        <source>Analysis: when the computer guesses, there is nothing to weigh.</source>
        <translation>解析: コンピューターが推測するモードでは、評価するものはありません。</translation>
    </message>
    <message>
        <source>Analysis: weighing guesses…</source>
        <translation>解析: 推測を評価しています…</translation>
    </message>
    <message>
        <source>Analysis: each listed guess is weighed with the proven best play after it (%1), over every secret still possible.</source>
        <translation>解析: 一覧の各推測は、その後に証明済みの最善手 (%1) で続けた場合の回数を、まだありうるすべての秘密について数えています。</translation>
    </message>
    <message>
        <source>Before the first answer every first guess is one of these kinds (renaming the symbols or reordering the places changes nothing): each is weighed once.</source>
        <translation>最初の答えの前は、どの最初の推測もこれらの種類のどれかと同じです (記号の入れ替えや位置の並べ替えでは何も変わりません): 種類ごとに一度だけ数えます。</translation>
    </message>
    <message>
        <source>%1 secret still fits your answers.</source>
        <translation>これまでの結果に合う秘密の数は、あと %1 通りです。</translation>
    </message>
    <message>
        <source>Solved in %1 guess!</source>
        <translation>%1 回の推測で正解!</translation>
    </message>
    <message>
        <source>Analysis: the listed guesses are weighed with the computer&apos;s strategy (%1) playing on after each: exact for that play, not a proven best.</source>
        <translation>解析: 一覧の推測は、それぞれの後をコンピューターの戦略（%1）で進めたときの値です。その進め方での正確な値で、最善であることの証明ではありません。</translation>
    </message>
    <message>
        <source>Solved in %1 guesses!</source>
        <translation>%1 回の推測で正解!</translation>
    </message>
    <message>
        <source>%1 secrets still fit your answers.</source>
        <translation>これまでの結果に合う秘密の数は、まだ %1 通りあります。</translation>
    </message>
    <message>
        <source>Your secret is %1, found in %2 guess.</source>
        <translation>あなたの秘密の数は %1 です。%2 回の推測で見つけました。</translation>
    </message>
    <message>
        <source>Your secret is %1, found in %2 guesses.</source>
        <translation>あなたの秘密の数は %1 です。%2 回の推測で見つけました。</translation>
    </message>
    <message>
        <source>My guess: %1</source>
        <translation>私の推測: %1</translation>
    </message>
    <message>
        <source>Guesses: %1</source>
        <translation>推測回数: %1</translation>
    </message>
</context>
<context>
    <name>DesignCanvas</name>
    <message>
        <source>%1 (hole %2 in the articles&apos; numbering)</source>
        <extracomment>a right click: the start&apos;s one vacancy moves to the hole (Design.moved_start)</extracomment>
        <translation>%1 (記事の番号では穴 %2)</translation>
    </message>
</context>
<context>
    <name>DesignerWindow</name>
    <message>
        <source>Board designer</source>
        <translation>盤デザイナー</translation>
    </message>
    <message>
        <source>My board</source>
        <translation>自分の盤</translation>
    </message>
    <message>
        <source>Designer</source>
        <translation>デザイナー</translation>
    </message>
    <message>
        <source>Square</source>
        <translation>正方格子</translation>
    </message>
    <message>
        <source>Square with diagonals</source>
        <translation>正方格子(斜めあり)</translation>
    </message>
    <message>
        <source>Triangular</source>
        <translation>三角格子</translation>
    </message>
    <message>
        <source>Lattice:</source>
        <translation>格子:</translation>
    </message>
    <message>
        <source>Grid:</source>
        <translation>大きさ:</translation>
    </message>
    <message>
        <source>Fill</source>
        <comment>make every cell a hole</comment>
        <translation>全部埋める</translation>
    </message>
    <message>
        <source>Click a cell to add or remove a hole</source>
        <translation>マスをクリックして穴を加えたり消したりします</translation>
    </message>
    <message>
        <source>Click the hole where the last peg must stand; click it again for any hole</source>
        <translation>最後のペグを残す穴をクリックします。もう一度クリックすると「どの穴でもよい」に戻ります</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>元に戻す</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>やり直す</translation>
    </message>
    <message>
        <source>Make every cell of the grid a hole</source>
        <translation>格子のすべてのマスを穴にします</translation>
    </message>
    <message>
        <source>fill</source>
        <translation>全部埋める</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>全部消す</translation>
    </message>
    <message>
        <source>clear</source>
        <translation>全部消す</translation>
    </message>
    <message>
        <source>Move the holes one cell to the left</source>
        <translation>穴を1マス左へ動かします</translation>
    </message>
    <message>
        <source>Move the holes one cell to the right</source>
        <translation>穴を1マス右へ動かします</translation>
    </message>
    <message>
        <source>Move the holes one row up</source>
        <translation>穴を1段上へ動かします</translation>
    </message>
    <message>
        <source>Move the holes one row down</source>
        <translation>穴を1段下へ動かします</translation>
    </message>
    <message>
        <source>move the holes</source>
        <translation>穴の移動</translation>
    </message>
    <message>
        <source>Click mode</source>
        <translation>クリックの働き</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>開く(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Play</source>
        <comment>play this board in the game window</comment>
        <translation>遊ぶ(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>閉じる(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>終了(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Board</source>
        <translation>盤(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>編集(&amp;E)</translation>
    </message>
    <message>
        <source>Undo the last change ({key})</source>
        <translation>最後の変更を元に戻す ({key})</translation>
    </message>
    <message>
        <source>Redo the change undone ({key})</source>
        <translation>元に戻した変更をやり直す ({key})</translation>
    </message>
    <message>
        <source>Start a new board: remove every hole, with a new name and no file yet</source>
        <translation>新しい盤を始めます: 穴をすべて取り除き、新しい名前で、まだファイルはありません</translation>
    </message>
    <message>
        <source>Left click:</source>
        <translation>左クリック:</translation>
    </message>
    <message>
        <source>Add or remove holes</source>
        <translation>穴を加える/消す</translation>
    </message>
    <message>
        <source>Empty at the start</source>
        <translation>開始時に空ける</translation>
    </message>
    <message>
        <source>Mark the finish</source>
        <translation>ゴールを決める</translation>
    </message>
    <message>
        <source>Move:</source>
        <translation>移動:</translation>
    </message>
    <message>
        <source>The board&apos;s file in your boards folder: letters, digits, &apos;-&apos;, &apos;_&apos;, &apos;.&apos;</source>
        <translation>自分の盤フォルダーに保存するファイル名: 英字、数字、&apos;-&apos;、&apos;_&apos;、&apos;.&apos;</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>名前:</translation>
    </message>
    <message>
        <source>File name:</source>
        <translation>ファイル名:</translation>
    </message>
    <message>
        <source>Jump directions</source>
        <translation>ジャンプの方向</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>判定</translation>
    </message>
    <message>
        <source>Click a problem to make it the board&apos;s own</source>
        <translation>問題をクリックすると、それをこの盤の問題にします</translation>
    </message>
    <message>
        <source>Open…</source>
        <translation>開く…</translation>
    </message>
    <message>
        <source>Click a hole to empty it at the start, or to fill it again; several may be empty</source>
        <translation>穴をクリックすると開始時に空け、もう一度クリックするとペグを戻します。いくつ空けてもかまいません</translation>
    </message>
    <message>
        <source>Right click: the empty hole moves there (with Shift: one more empty hole)</source>
        <translation>右クリック: 空き穴をそこへ移す (Shift を押しながら: 空き穴をもう一つ)</translation>
    </message>
    <message>
        <source>Each step (columns, rows) checked makes jumps: a peg jumps over the hole one step away to the hole one step beyond, e.g. (0, 1) over the next row, down or up.</source>
        <translation>チェックした各ステップ (列, 行) でジャンプができます。ペグは 1 ステップ先の穴を跳び越えて、さらに 1 ステップ先の穴へ移ります。たとえば (0, 1) は隣の行を跳び越えます (下へも上へも)。</translation>
    </message>
    <message>
        <source>Open a board file ({key})</source>
        <translation>盤のファイルを開く ({key})</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Save the board in your boards folder ({key})</source>
        <translation>盤を自分の盤フォルダーに保存 ({key})</translation>
    </message>
    <message>
        <source>Play</source>
        <comment>play this board in the game window</comment>
        <translation>遊ぶ</translation>
    </message>
    <message>
        <source>Play this board in the game window</source>
        <translation>この盤をゲームウィンドウで遊ぶ</translation>
    </message>
    <message>
        <source>One of this lattice&apos;s own directions</source>
        <translation>この格子の本来の方向の1つ</translation>
    </message>
    <message>
        <source>A new board, not saved yet.</source>
        <translation>新しい盤です。まだ保存していません。</translation>
    </message>
    <message>
        <source>add a hole</source>
        <translation>穴の追加</translation>
    </message>
    <message>
        <source>remove a hole</source>
        <translation>穴の削除</translation>
    </message>
    <message>
        <source>change the start</source>
        <translation>開始局面の変更</translation>
    </message>
    <message>
        <source>change the finish</source>
        <translation>ゴールの変更</translation>
    </message>
    <message>
        <source>change the lattice</source>
        <translation>格子の変更</translation>
    </message>
    <message>
        <source>resize the grid</source>
        <translation>格子の大きさの変更</translation>
    </message>
    <message>
        <source>change the jump directions</source>
        <translation>ジャンプの方向の変更</translation>
    </message>
    <message>
        <source>{holes}, {jumps}</source>
        <translation>{holes}、{jumps}</translation>
    </message>
    <message>
        <source>1 hole</source>
        <translation>穴 1 個</translation>
    </message>
    <message>
        <source>{n} holes</source>
        <translation>穴 {n} 個</translation>
    </message>
    <message>
        <source>1 jump</source>
        <translation>ジャンプ 1 通り</translation>
    </message>
    <message>
        <source>{n} jumps</source>
        <translation>ジャンプ {n} 通り</translation>
    </message>
    <message>
        <source>Symmetries: none</source>
        <translation>対称性: なし</translation>
    </message>
    <message>
        <source>Symmetries: {count}</source>
        <translation>対称性: {count} 通り</translation>
    </message>
    <message>
        <source>Symmetries: {rotations} and {reflections}</source>
        <translation>対称性: {rotations}と{reflections}</translation>
    </message>
    <message>
        <source>1 rotation (the identity)</source>
        <translation>回転 1 通り(回さないもの)</translation>
    </message>
    <message>
        <source>{n} rotations (with the identity)</source>
        <translation>回転 {n} 通り(回さないものを含む)</translation>
    </message>
    <message>
        <source>1 reflection</source>
        <translation>鏡映 1 通り</translation>
    </message>
    <message>
        <source>{n} reflections</source>
        <translation>鏡映 {n} 通り</translation>
    </message>
    <message>
        <source>Position classes do not rule the problem out.</source>
        <translation>位置クラス: この問題は解ける可能性があります。</translation>
    </message>
    <message>
        <source>Impossible by {reason}.</source>
        <translation>解けません。{reason}</translation>
    </message>
    <message>
        <source>No search: too many holes for the solver.</source>
        <translation>探索しません: ソルバーには穴が多すぎます。</translation>
    </message>
    <message>
        <source>Fewest moves: waiting…</source>
        <translation>最少手数: 待っています…</translation>
    </message>
    <message>
        <source>Fewest moves:</source>
        <translation>最少手数:</translation>
    </message>
    <message>
        <source>{n} (proven)</source>
        <translation>{n} 手(証明済み)</translation>
    </message>
    <message>
        <source>{n}, not proven minimal</source>
        <translation>{n} 手(最少とは証明されていません)</translation>
    </message>
    <message>
        <source>No solution: {reason}</source>
        <translation>解はありません: {reason}</translation>
    </message>
    <message>
        <source>No answer: {reason}</source>
        <translation>答えがありません: {reason}</translation>
    </message>
    <message>
        <source>{start} → {finish}: {par} moves</source>
        <translation>{start} → {finish}: {par} 手</translation>
    </message>
    <message>
        <source>(not proven minimal)</source>
        <translation>(最少とは証明されていません)</translation>
    </message>
    <message>
        <source>choose a problem</source>
        <translation>問題の選択</translation>
    </message>
    <message>
        <source>The catalogue of single-vacancy problems is worked out for boards of up to {holes} holes.</source>
        <translation>1穴空きの問題一覧は、穴が {holes} 個までの盤について求めます。</translation>
    </message>
    <message>
        <source>Single-vacancy problems (one per symmetry class): {possible} of {total} possible.</source>
        <translation>1穴空きの問題(対称なものは1つにまとめて): {total} 問中 {possible} 問が解けます。</translation>
    </message>
    <message>
        <source>Par from {low} to {high} moves.</source>
        <translation>パーは {low} 手から {high} 手です。</translation>
    </message>
    <message>
        <source>Complement problems (finish where the vacancy was): {count} possible, the shortest in 1 move.</source>
        <translation>補問題(空いていた穴で終わる): {count} 問が解け、最短は 1 手です。</translation>
    </message>
    <message>
        <source>Complement problems (finish where the vacancy was): {count} possible, the shortest in {par} moves.</source>
        <translation>補問題(空いていた穴で終わる): {count} 問が解け、最短は {par} 手です。</translation>
    </message>
    <message>
        <source>Not decided within the limits: {count}.</source>
        <translation>制限内で決まらなかった問題: {count} 問。</translation>
    </message>
    <message>
        <source>Par: 1 move for every possible problem.</source>
        <translation>パーはどの解ける問題も 1 手です。</translation>
    </message>
    <message>
        <source>Par: {par} moves for every possible problem.</source>
        <translation>パーはどの解ける問題も {par} 手です。</translation>
    </message>
    <message>
        <source>This board cannot be saved yet:</source>
        <translation>この盤はまだ保存できません:</translation>
    </message>
    <message>
        <source>Give the board a file name of letters, digits, &apos;-&apos;, &apos;_&apos; or &apos;.&apos;, starting with a letter or digit.</source>
        <translation>英字か数字で始まり、英字、数字、&apos;-&apos;、&apos;_&apos;、&apos;.&apos; だけを使ったファイル名を付けてください。</translation>
    </message>
    <message>
        <source>“{name}” is the name of a board that comes with PegApp; choose another file name.</source>
        <translation>「{name}」は PegApp に付属する盤の名前です。別のファイル名を選んでください。</translation>
    </message>
    <message>
        <source>There is no data folder to save boards in.</source>
        <translation>盤を保存するデータフォルダーがありません。</translation>
    </message>
    <message>
        <source>The board file “{name}” has changed since you opened or saved it here. Replace it?</source>
        <translation>盤のファイル「{name}」は、ここで開くか保存した後に変更されています。置き換えますか?</translation>
    </message>
    <message>
        <source>A board named “{name}” already exists. Replace it?</source>
        <translation>「{name}」という盤はすでにあります。置き換えますか?</translation>
    </message>
    <message>
        <source>Saved as {path}</source>
        <translation>{path} に保存しました</translation>
    </message>
    <message>
        <source>This board cannot be played yet:</source>
        <translation>この盤はまだ遊べません:</translation>
    </message>
    <message>
        <source>Open a board</source>
        <translation>盤を開く</translation>
    </message>
    <message>
        <source>Board files (*.toml)</source>
        <translation>盤ファイル (*.toml)</translation>
    </message>
    <message>
        <source>Opened {path}</source>
        <translation>{path} を開きました</translation>
    </message>
    <message>
        <source>Save the changes to “{name}” before closing?</source>
        <translation>閉じる前に「{name}」の変更を保存しますか?</translation>
    </message>
</context>
<context>
    <name>EndingAndPar</name>
    <message>
        <source>Solved in %1 moves — as few as the best known solution (not proven minimal).</source>
        <translation>%1 手で解けました — 知られている最良の解と同じ手数です (最少とは証明されていません)。</translation>
    </message>
    <message>
        <source>Solved in %1 moves — fewer than the best known solution (%2)!</source>
        <translation>%1 手で解けました — 知られている最良の解 (%2 手) より少ない手数です!</translation>
    </message>
    <message>
        <source>Solved in %1 moves — looking for the minimum…</source>
        <translation>%1 手で解けました — 最少手数を探しています…</translation>
    </message>
    <message>
        <source>Solved in %1 moves — the best known solution has %2 (not proven minimal).</source>
        <translation>%1 手で解けました — 知られている最良の解は %2 手です (最少とは証明されていません)。</translation>
    </message>
    <message>
        <source>Solved in %1 moves — the minimum is %2.</source>
        <translation>%1 手で解けました — 最少は %2 手です。</translation>
    </message>
    <message>
        <source>This position is the goal already: nothing to play.</source>
        <extracomment>the par&apos;s question was answered (a par, or none found): the ending stops saying it looks the par of the game on the board (the ending compares the player&apos;s moves with it)</extracomment>
        <translation>この局面はすでにゴールです。指す手はありません。</translation>
    </message>
    <message>
        <source>Solved in %1 moves. The minimum is not known.</source>
        <translation>%1 手で解けました。最少手数はわかりません。</translation>
    </message>
    <message>
        <source>Solved in %1 moves: the minimum, in par!</source>
        <translation>%1 手で解けました: 最少手数、パーです!</translation>
    </message>
    <message>
        <source>Solved in 1 move — as few as the best known solution (not proven minimal).</source>
        <translation>1 手で解けました — 知られている最良の解と同じ手数です (最少とは証明されていません)。</translation>
    </message>
    <message>
        <source>Game over after 1 move: no move is left. The review shows where the game went wrong.</source>
        <translation>1 手で対局が終わりました。打てる手はもうありません。振り返ると、どこで道を外れたかが分かります。</translation>
    </message>
    <message>
        <source>Game over after %1 moves: no move is left. The review shows where the game went wrong.</source>
        <translation>%1 手で対局が終わりました。打てる手はもうありません。振り返ると、どこで道を外れたかが分かります。</translation>
    </message>
    <message>
        <source>Solved in 1 move — fewer than the best known solution (%2)!</source>
        <translation>1 手で解けました — 知られている最良の解 (%2 手) より少ない手数です!</translation>
    </message>
    <message>
        <source>Solved in 1 move — looking for the minimum…</source>
        <translation>1 手で解けました — 最少手数を探しています…</translation>
    </message>
    <message>
        <source>Solved in 1 move — the best known solution has %2 (not proven minimal).</source>
        <translation>1 手で解けました — 知られている最良の解は %2 手です (最少とは証明されていません)。</translation>
    </message>
    <message>
        <source>Solved in 1 move — the minimum is %2.</source>
        <translation>1 手で解けました — 最少は %2 手です。</translation>
    </message>
    <message>
        <source>Solved in 1 move. The minimum is not known.</source>
        <translation>1 手で解けました。最少手数はわかりません。</translation>
    </message>
    <message>
        <source>Solved in 1 move: the minimum, in par!</source>
        <translation>1 手で解けました: 最少手数、パーです!</translation>
    </message>
</context>
<context>
    <name>Export</name>
    <message>
        <source>%1 — solution in %2 move</source>
        <translation>%1 — %2 手の解答</translation>
    </message>
    <message>
        <source>%1 — solution in %2 moves</source>
        <translation>%1 — %2 手の解答</translation>
    </message>
    <message>
        <source>%1: cannot write the file</source>
        <translation>%1: ファイルに書き込めません</translation>
    </message>
    <message>
        <source>%1: cannot write the file (%2)</source>
        <translation>%1: ファイルに書き込めません (%2)</translation>
    </message>
    <message>
        <source>%1: choose a file ending in .png, .svg or .pdf</source>
        <translation>%1: 拡張子が .png、.svg、.pdf のファイルを選んでください</translation>
    </message>
    <message>
        <source>Page %1 of %2</source>
        <translation>%2 ページ中 %1 ページ</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>開始</translation>
    </message>
</context>
<context>
    <name>Flip8View</name>
    <message>
        <source>Lights row by row, 1 on and 0 off, rows split by /, e.g. %1</source>
        <translation>ライトを行ごとに、点灯は 1、消灯は 0、行は / で区切る。例: %1</translation>
    </message>
</context>
<context>
    <name>GameMenus</name>
    <message>
        <source>&amp;About PegApp</source>
        <translation>PegApp について(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Analysis mode</source>
        <translation>解析モード(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Back a step</source>
        <translation>1 手戻る(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Cancel search</source>
        <translation>探索を中止(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>閉じる(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Copy solution</source>
        <translation>解をコピー(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Draw</source>
        <translation>描く(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>編集(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Enter a position…</source>
        <translation>局面を入力(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;Export solution…</source>
        <translation>解を書き出す(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;First step</source>
        <translation>最初の手(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Game</source>
        <translation>ゲーム(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>ヘルプ(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts…</source>
        <translation>キーボードショートカット(&amp;K)…</translation>
    </message>
    <message>
        <source>&amp;Last step</source>
        <translation>最後の手(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Load game…</source>
        <translation>ゲームを読み込む(&amp;L)…</translation>
    </message>
    <message>
        <source>&amp;Map of every position…</source>
        <translation>全局面のマップ(&amp;M)…</translation>
    </message>
    <message>
        <source>&amp;Open file…</source>
        <translation>ファイルを開く(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Play or pause</source>
        <translation>再生・一時停止(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>終了(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>やり直す(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Replay</source>
        <translation>再生(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Replay the shortest solution</source>
        <translation>最短の解を再生(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Rules…</source>
        <translation>遊び方(&amp;R)…</translation>
    </message>
    <message>
        <source>&amp;Save game…</source>
        <translation>ゲームを保存(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>設定(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Solver</source>
        <translation>解答(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>元に戻す(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>表示(&amp;V)</translation>
    </message>
    <message>
        <source>A new, solvable start of this puzzle</source>
        <translation>このパズルの、解ける新しい開始局面</translation>
    </message>
    <message>
        <source>Clo&amp;se replay</source>
        <translation>再生を閉じる(&amp;S)</translation>
    </message>
    <message>
        <source>F&amp;orward a step</source>
        <translation>1 手進む(&amp;O)</translation>
    </message>
    <message>
        <source>Leave Tra&amp;in</source>
        <translation>トレーニングを終える(&amp;I)</translation>
    </message>
    <message>
        <source>Mark every legal move with the fewest moves left after it, or a dead end</source>
        <translation>すべての合法手に、その後の最少残り手数か行き止まりを表示します</translation>
    </message>
    <message>
        <source>Ne&amp;w board…</source>
        <translation>新しい盤(&amp;W)…</translation>
    </message>
    <message>
        <source>Other si&amp;ze or setting…</source>
        <translation>別のサイズや設定(&amp;Z)…</translation>
    </message>
    <message>
        <source>Play from &amp;here</source>
        <translation>ここから遊ぶ(&amp;H)</translation>
    </message>
    <message>
        <source>Puzzles near your rating with one right move at every step, each move judged at once</source>
        <translation>あなたのレーティングに近く、どの局面でも正解が一つだけの問題。一手ごとにすぐ判定します</translation>
    </message>
    <message>
        <source>Re&amp;view game…</source>
        <translation>対局を振り返る(&amp;V)…</translation>
    </message>
    <message>
        <source>Review a saved &amp;game…</source>
        <translation>保存した対局を振り返る(&amp;G)…</translation>
    </message>
    <message>
        <source>S&amp;tatistics…</source>
        <translation>統計(&amp;T)…</translation>
    </message>
    <message>
        <source>Shu&amp;ffle</source>
        <translation>シャッフル(&amp;F)</translation>
    </message>
    <message>
        <source>Size…</source>
        <translation>サイズ…</translation>
    </message>
    <message>
        <source>Switch single lights to draw a start pattern</source>
        <translation>ライトを 1 つずつ切り替えて開始パターンを描きます</translation>
    </message>
    <message>
        <source>Tr&amp;ain…</source>
        <translation>トレーニング(&amp;A)…</translation>
    </message>
</context>
<context>
    <name>GamePanel</name>
    <message>
        <source>Back to the last position that could win</source>
        <extracomment>the panel&apos;s width at the window&apos;s smallest and default sizes, and the least it ever has a larger window widens the panel too, up to this (found by an outside trial: at 1600x1000 the board took all the room and long hint and replay lines wrapped in a narrow column); wider still, lines of text get too long to read, and the room is the board&apos;s the row&apos;s stretch factors: the panel gets a quarter of the row beside the board, kept between PANEL_WIDTH and PANEL_MAX_WIDTH (below about 1200 px the quarter is narrower than PANEL_WIDTH, so the smallest and the default window are laid out as with a fixed width) the status line always has room for this many lines, so a longer status never moves the rest</extracomment>
        <translation>まだ解ける最後の局面に戻る</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>中止</translation>
    </message>
    <message>
        <source>Moves</source>
        <extracomment>said when Hint is asked again while its search runs (issue #76: a press then was dropped without a word, the action greyed out)</extracomment>
        <translation>手順</translation>
    </message>
    <message>
        <source>Hint</source>
        <translation>ヒント</translation>
    </message>
    <message>
        <source>Game</source>
        <translation>ゲーム</translation>
    </message>
    <message>
        <source>&amp;New game…</source>
        <translation>新しいゲーム(&amp;N)…</translation>
    </message>
    <message>
        <source>New…</source>
        <translation>新規…</translation>
    </message>
    <message>
        <source>&amp;Restart</source>
        <translation>最初から(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>元に戻す(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>やり直す(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Hint</source>
        <translation>ヒント(&amp;H)</translation>
    </message>
    <message>
        <source>Solve</source>
        <translation>解く</translation>
    </message>
    <message>
        <source>&amp;Solve from here</source>
        <translation>ここから解く(&amp;S)</translation>
    </message>
    <message>
        <source>Replay the shortest solution</source>
        <extracomment>where a window&apos;s own actions go (after the shared ones)</extracomment>
        <translation>最短の解を再生</translation>
    </message>
    <message>
        <source>Review this game</source>
        <translation>この対局を振り返る</translation>
    </message>
    <message>
        <source>Try again</source>
        <translation>もう一度</translation>
    </message>
    <message>
        <source>Another problem…</source>
        <translation>別の問題…</translation>
    </message>
    <message>
        <source>Still searching: the answer shows here when the search ends.</source>
        <translation>まだ探索中です。探索が終わりしだい、ここに答えを表示します。</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>元に戻す</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>やり直す</translation>
    </message>
    <message>
        <source>Restart</source>
        <translation>最初から</translation>
    </message>
</context>
<context>
    <name>GamePicker</name>
    <message>
        <source>New game</source>
        <extracomment>the side of a picture in the picker, in pixels a tile&apos;s width: five tiles a row in the dialog&apos;s default width a player&apos;s board of up to this many holes is decided (won or lost) while New game is open pegs at the start up to which a peg board is easy, medium, hard (more: very hard) the dots of the levels where a tile&apos;s name or summary wraps: before an opening parenthesis, never before a closing one or the marks a Japanese line does not start with</extracomment>
        <translation>新しいゲーム</translation>
    </message>
    <message>
        <source>Search the games (name, description)</source>
        <translation>ゲームを検索（名前・説明）</translation>
    </message>
    <message>
        <source>Boards you save in the board designer, or board files you put in %1, appear here.</source>
        <extracomment>said when the search finds nothing (found by a new player: &quot;3x3&quot; showed an empty page)</extracomment>
        <translation>盤デザイナーで保存した盤や、%1 に置いた盤ファイルがここに表示されます。</translation>
    </message>
    <message>
        <source>&amp;Problems…</source>
        <translation>問題一覧(&amp;P)…</translation>
    </message>
    <message>
        <source>Every start and finish of this board with its par: the fewest moves that solve it</source>
        <translation>この盤のすべての開始と終了の組み合わせと、そのパー（解くのに必要な最少手数）</translation>
    </message>
    <message>
        <source>Peg solitaire</source>
        <translation>ペグ・ソリテア</translation>
    </message>
    <message>
        <source>Sliding puzzles</source>
        <translation>スライドパズル</translation>
    </message>
    <message>
        <source>Other puzzles</source>
        <translation>ほかのパズル</translation>
    </message>
    <message>
        <source>Added puzzles (plug-ins)</source>
        <translation>追加したパズル（プラグイン）</translation>
    </message>
    <message>
        <source>Your boards</source>
        <translation>あなたの盤</translation>
    </message>
    <message>
        <source>Easy</source>
        <translation>初級</translation>
    </message>
    <message>
        <source>Medium</source>
        <translation>中級</translation>
    </message>
    <message>
        <source>Hard</source>
        <translation>上級</translation>
    </message>
    <message>
        <source>Very hard</source>
        <translation>最上級</translation>
    </message>
    <message>
        <source>Cannot be opened: %1</source>
        <translation>開けません: %1</translation>
    </message>
    <message>
        <source>%1 pegs · cannot be solved (position classes)</source>
        <translation>ペグ %1 本 · 解けません(位置クラス)</translation>
    </message>
    <message>
        <source>%1 pegs · cannot be solved</source>
        <translation>ペグ %1 本 · 解けません</translation>
    </message>
    <message>
        <source>%1 pegs</source>
        <translation>ペグ %1 本</translation>
    </message>
    <message>
        <source>par %1</source>
        <translation>パー %1</translation>
    </message>
    <message>
        <source>best known %1</source>
        <translation>既知の最善 %1</translation>
    </message>
    <message>
        <source>No game matches “%1”.</source>
        <translation>「%1」に合うゲームはありません。</translation>
    </message>
</context>
<context>
    <name>GameStarts</name>
    <message>
        <source>Enter a position</source>
        <translation>局面を入力</translation>
    </message>
    <message>
        <source>this puzzle has no other starts</source>
        <translation>このパズルは別の初期配置を選べません</translation>
    </message>
    <message>
        <source>Position refused</source>
        <translation>局面を受け付けられません</translation>
    </message>
    <message>
        <source>Cannot open the file</source>
        <translation>ファイルを開けません</translation>
    </message>
    <message>
        <source>Click lights to switch them; press Draw again to play.</source>
        <translation>ライトをクリックして切り替えます。もう一度「描く」を押すとプレイに戻ります。</translation>
    </message>
    <message>
        <source>This puzzle was open already: its game goes on here (Restart or New game starts another).</source>
        <translation>このパズルはすでに開いていました。ゲームはここで続きます (別のゲームは「最初から」か「新しいゲーム」で始めます)。</translation>
    </message>
    <message>
        <source>A window of its own: your other games stay open (Window menu).</source>
        <translation>このゲーム専用のウィンドウです。ほかのゲームも開いたままです (ウィンドウ メニュー)。</translation>
    </message>
</context>
<context>
    <name>GameWindow</name>
    <message>
        <source>Cannot open board</source>
        <extracomment>the game the program opens with when there is no last game the setting holding the first window&apos;s puzzle id (named when the first window played only peg boards; a value from then is a board id alone) the family a last-game setting from before the families names the program&apos;s first window: it keeps the last game (LAST_GAME_FILE, LAST_GAME_SETTING) the hint line&apos;s own words (the analysis&apos; follow them): the parts write it</extracomment>
        <translation>盤を開けません</translation>
    </message>
    <message>
        <source>A new game starts on the default board instead.</source>
        <translation>代わりに標準の盤で新しいゲームを始めます。</translation>
    </message>
    <message>
        <source>Cannot start %1</source>
        <translation>%1 を開始できません</translation>
    </message>
    <message>
        <source>Restart</source>
        <translation>最初から</translation>
    </message>
    <message>
        <source>%1 moves</source>
        <translation>%1 手</translation>
    </message>
    <message>
        <source>Replaying a solution: step %1 of %2.</source>
        <translation>解答を再生中: %2 手中 %1 手目。</translation>
    </message>
    <message>
        <source>Solved already.</source>
        <translation>すでに解けています。</translation>
    </message>
    <message>
        <source>Solved in %1 move!</source>
        <translation>%1 手で解けました!</translation>
    </message>
    <message>
        <source>Solved in %1 moves!</source>
        <translation>%1 手で解けました!</translation>
    </message>
    <message>
        <source>In play.</source>
        <translation>プレイ中。</translation>
    </message>
    <message>
        <source>%1 The goal can no longer be reached.</source>
        <translation>%1ゴールにはもう届きません。</translation>
    </message>
    <message>
        <source>Moves: %1</source>
        <translation>手数: %1</translation>
    </message>
    <message>
        <source>Replay the shortest solution</source>
        <translation>最短の解を再生</translation>
    </message>
    <message>
        <source>Replay the best known solution</source>
        <translation>知られている最良の解を再生</translation>
    </message>
    <message>
        <source>&amp;Replay the shortest solution</source>
        <translation>最短の解を再生(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Replay the best known solution</source>
        <translation>知られている最良の解を再生(&amp;R)</translation>
    </message>
    <message>
        <source>This puzzle has too many positions for a map of them all.</source>
        <translation>このパズルは局面が多すぎて、すべての局面の地図は作れません。</translation>
    </message>
    <message>
        <source>Abandon this game?</source>
        <translation>このゲームをやめますか?</translation>
    </message>
    <message>
        <source>The game in progress will be replaced. Start the new one?</source>
        <translation>進行中のゲームは破棄されます。新しいゲームを始めますか?</translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation>統計</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>設定</translation>
    </message>
    <message>
        <source>New board</source>
        <translation>新しい盤</translation>
    </message>
    <message>
        <source>The board designer is not part of this version yet.</source>
        <translation>盤のデザイナーはこの版にはまだありません。</translation>
    </message>
</context>
<context>
    <name>JugsView</name>
    <message>
        <source>Fill</source>
        <extracomment>the instruction&apos;s and labels&apos; largest and smallest pixel sizes</extracomment>
        <translation>満たす</translation>
    </message>
    <message>
        <source>Empty</source>
        <translation>空にする</translation>
    </message>
    <message>
        <source>Jug %1</source>
        <translation>容器 %1</translation>
    </message>
    <message>
        <source>Fill, empty or pour from jug %1.</source>
        <translation>容器 %1 を満たすか、空にするか、ほかの容器に注ぎます。</translation>
    </message>
    <message>
        <source>Press H again to see which jug to use.</source>
        <translation>もう一度 H で使う容器を表示します。</translation>
    </message>
    <message>
        <source>Target: %1 L in any jug. Click a jug, then another, to pour.</source>
        <translation>目標: どれかの容器に %1 L。容器をクリックしてから別の容器をクリックすると注ぎます。</translation>
    </message>
    <message>
        <source>On a jug: its best pour into another jug (pick a jug to see each pour).</source>
        <translation>容器の上の印は、その容器から注ぐ最善の手です（容器を選ぶと注ぎ先ごとに表示します）。</translation>
    </message>
</context>
<context>
    <name>MapView</name>
    <message>
        <source>%1 positions; the farthest are %2 from the goal (%3 positions).</source>
        <translation>全 %1 局面。最も遠い局面はゴールから %2（%3 個）です。</translation>
    </message>
    <message>
        <source>%1 positions; the farthest is %2 from the goal (1 position).</source>
        <translation>全 %1 局面。最も遠い局面はゴールから %2（1 個）です。</translation>
    </message>
    <message>
        <source>%1 winnable positions (symmetric ones counted once); the farthest are %2 from the goal (%3 of them).</source>
        <translation>解ける局面 %1 個（対称なものは 1 つと数える）。最も遠い局面はゴールから %2（%3 個）です。</translation>
    </message>
    <message>
        <source>Every position by its distance from the goal</source>
        <translation>すべての局面をゴールからの距離で並べたもの</translation>
    </message>
    <message>
        <source>Map: %1</source>
        <translation>マップ: %1</translation>
    </message>
    <message>
        <source>Measuring every position&apos;s distance from the goal…</source>
        <translation>すべての局面のゴールまでの距離を測っています…</translation>
    </message>
    <message>
        <source>Play this position ({moves} from the goal)</source>
        <translation>この局面から遊ぶ（ゴールまで {moves}）</translation>
    </message>
    <message>
        <source>The farthest positions (click one, or press Enter on it, to play it):</source>
        <translation>最も遠い局面（クリックするか Enter キーで、その局面から遊べます）:</translation>
    </message>
    <message>
        <source>The first %1 of the %2 farthest positions (click one, or press Enter on it, to play it):</source>
        <translation>最も遠い局面 %2 個のうち最初の %1 個（クリックするか Enter キーで、その局面から遊べます）:</translation>
    </message>
    <message>
        <source>You are here: %1 from the goal, as far as any position can be.</source>
        <translation>現在地: ゴールまで %1。これより遠い局面はありません。</translation>
    </message>
    <message>
        <source>You are here: %1 from the goal; %2 positions are farther.</source>
        <translation>現在地: ゴールまで %1。これより遠い局面は %2 個です。</translation>
    </message>
    <message>
        <source>You are here: %1 from the goal; 1 position is farther.</source>
        <translation>現在地: ゴールまで %1。これより遠い局面は 1 個です。</translation>
    </message>
    <message>
        <source>You are here: this position cannot reach the goal.</source>
        <translation>現在地: この局面からはゴールに届きません。</translation>
    </message>
    <message>
        <source>largest level %1</source>
        <translation>最大の段 %1</translation>
    </message>
    <message>
        <source>the goal</source>
        <translation>ゴール</translation>
    </message>
    <message>
        <source>you are here</source>
        <translation>現在地</translation>
    </message>
</context>
<context>
    <name>Messages</name>
    <message>
        <source>no solution found within the catalogue&apos;s limits (a proof within {gb:g} GB, a depth-first search of {millions} million positions), and no proof that there is none</source>
        <translation>問題集の制限内（{gb:g} GB 以内の証明、{millions} 百万局面の深さ優先探索）では解が見つからず、解がないことの証明もありません</translation>
    </message>
    <message>
        <source>unknown mode {mode!r} (known: player, computer)</source>
        <translation>不明なモード {mode!r}（指定できるもの: player、computer）</translation>
    </message>
    <message>
        <source>the computer guesses your secret: give none</source>
        <translation>コンピューターがあなたの秘密の数を当てます: 秘密の数は指定しないでください</translation>
    </message>
    <message>
        <source>only you know your secret</source>
        <translation>秘密の数を知っているのはあなただけです</translation>
    </message>
    <message>
        <source>cannot read the score {text!r} (write it like 1B2C)</source>
        <translation>結果 {text!r} を読めません（1B2C のように書いてください）</translation>
    </message>
    <message>
        <source>a game of guesses is its secret and its guesses</source>
        <translation>数当てゲームの局面は、秘密の数とこれまでの推測です</translation>
    </message>
    <message>
        <source>a guess is its code and its score</source>
        <translation>推測は、コードとその結果の組です</translation>
    </message>
    <message>
        <source>guess {guess} does not score {score}</source>
        <translation>推測 {guess} の結果は {score} になりません</translation>
    </message>
    <message>
        <source>{guess}   {score}</source>
        <translation>{guess}   {score}</translation>
    </message>
    <message>
        <source>--memory must be a positive number of GB</source>
        <translation>--memory には正の数（GB）を指定してください</translation>
    </message>
    <message>
        <source>jugs of these capacities can reach up to {states:,} positions, more than any memory budget holds; use smaller jugs</source>
        <translation>この容量の水差しでたどり着ける局面は最大 {states:,} 個で、どのメモリ予算にも収まりません。小さい水差しにしてください</translation>
    </message>
    <message>
        <source>8-flip boards are {low}x{low} .. {high}x{high}, not {rows}x{cols}</source>
        <translation>8めくりの盤は {low}x{low}〜{high}x{high} です（{rows}x{cols} は使えません）</translation>
    </message>
    <message>
        <source>Black and white, n of each</source>
        <translation>白黒、各 n 個</translation>
    </message>
    <message>
        <source>Board</source>
        <translation>盤</translation>
    </message>
    <message>
        <source>Capacities (2 to 5 jugs)</source>
        <translation>容量 (容器 2〜5 個)</translation>
    </message>
    <message>
        <source>Columns</source>
        <translation>列数</translation>
    </message>
    <message>
        <source>Finish</source>
        <translation>ゴール</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>行数</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>開始</translation>
    </message>
    <message>
        <source>Stones</source>
        <translation>石</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>目標</translation>
    </message>
    <message>
        <source>a code has {pegs} digits, not {count}: {text!r}</source>
        <translation>コードは {pegs} 桁です（{count} 桁ではありません）: {text!r}</translation>
    </message>
    <message>
        <source>a hole is listed twice</source>
        <translation>同じ穴が2回書かれています</translation>
    </message>
    <message>
        <source>a move is (from cell, to cell), not {move!r}</source>
        <translation>手は (移動元のマス, 移動先のマス) の形で指定します（{move!r} ではありません）</translation>
    </message>
    <message>
        <source>a move visits at least two holes</source>
        <translation>手は少なくとも2つの穴を通ります</translation>
    </message>
    <message>
        <source>a {rows}x{cols} board needs {n} entries (tiles 1..{last} and 0 for the blank), got {count}</source>
        <translation>{rows}x{cols} の盤には {n} 個の数が必要です（タイル 1〜{last} と空白の 0）。入力は {count} 個です</translation>
    </message>
    <message>
        <source>any hole</source>
        <translation>任意の穴</translation>
    </message>
    <message>
        <source>at least one hole must hold a peg</source>
        <translation>少なくとも1つの穴にペグが必要です</translation>
    </message>
    <message>
        <source>bad 8-flip size {size!r}: expected RxC, e.g. flip8/4x4</source>
        <translation>8めくりの大きさ {size!r} が正しくありません: RxC の形で指定してください（例: flip8/4x4）</translation>
    </message>
    <message>
        <source>bad hex pattern {text!r}</source>
        <translation>16 進パターン {text!r} が正しくありません</translation>
    </message>
    <message>
        <source>bad random seed {seed!r}: use random or random:SEED</source>
        <translation>乱数シード {seed!r} が正しくありません: random または random:SEED の形で指定してください</translation>
    </message>
    <message>
        <source>board {rows}x{cols} not supported (rows and columns from 2 to 5)</source>
        <translation>{rows}x{cols} の盤には対応していません（行数・列数は 2〜5）</translation>
    </message>
    <message>
        <source>bulls + cows is at most {pegs}, not {total}</source>
        <translation>ヒットとブローの合計は {pegs} 以下です（{total} ではありません）</translation>
    </message>
    <message>
        <source>bulls and cows are counts: whole numbers from 0</source>
        <translation>ヒットとブローは個数です: 0 以上の整数で答えてください</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>中止しました</translation>
    </message>
    <message>
        <source>cannot be read ({detail})</source>
        <translation>読み込めません ({detail})</translation>
    </message>
    <message>
        <source>cannot pour a jug into itself</source>
        <translation>容器を同じ容器に注ぐことはできません</translation>
    </message>
    <message>
        <source>cannot read {text!r} in the position</source>
        <translation>局面の {text!r} が読めません</translation>
    </message>
    <message>
        <source>cells are numbered 0..{last}</source>
        <translation>マスの番号は 0〜{last} です</translation>
    </message>
    <message>
        <source>cells {left} and {right} are not both empty</source>
        <translation>マス {left}・{right} のどちらかが空いていません</translation>
    </message>
    <message>
        <source>cells {left} and {right} do not both hold a stone</source>
        <translation>マス {left}・{right} のどちらかに石がありません</translation>
    </message>
    <message>
        <source>distance table</source>
        <translation>距離表</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完了</translation>
    </message>
    <message>
        <source>empty position: give the 9 tiles row by row</source>
        <translation>局面が空です: 9 枚のタイルを行ごとに入力してください</translation>
    </message>
    <message>
        <source>empty position: give the tiles row by row, 0 for the blank</source>
        <translation>局面が空です: タイルを行ごとに、空白は 0 で入力してください</translation>
    </message>
    <message>
        <source>k kinds, two stones of each</source>
        <translation>k 種類、各 2 個</translation>
    </message>
    <message>
        <source>k or n</source>
        <translation>k または n</translation>
    </message>
    <message>
        <source>move {number} &apos;{move}&apos;: {reason}</source>
        <translation>{number} 手目 &apos;{move}&apos;: {reason}</translation>
    </message>
    <message>
        <source>no secret fits all your answers: your answer to {last} contradicts your answer to {other}</source>
        <translation>すべての回答に合う秘密の数はありません: {last} への回答が {other} への回答と矛盾します</translation>
    </message>
    <message>
        <source>no secret fits all your answers: your answer to {last} contradicts your answers to {others}</source>
        <translation>すべての回答に合う秘密の数はありません: {last} への回答が {others} への回答と矛盾します</translation>
    </message>
    <message>
        <source>only used with a layout: a board given by holes and jumps tables lists its jumps itself, so leave it out</source>
        <translation>layout と一緒にだけ使えます。holes と jumps の表で書いた盤は跳び方を jumps 自身に書くので、この項目は外してください</translation>
    </message>
    <message>
        <source>table of winnable positions: every position from which this board&apos;s goal can be reached is in it, and this one is not</source>
        <translation>勝てる局面の表: この盤のゴールに届く局面はすべてこの表にあり、この局面はありません</translation>
    </message>
    <message>
        <source>the hole of the last peg (&apos;d4&apos; or &apos;16&apos;), or &apos;any&apos; (empty: the board&apos;s own)</source>
        <translation>最後のペグを残す穴 (&apos;d4&apos; や &apos;16&apos;)、または &apos;any&apos;（空欄なら盤の既定）</translation>
    </message>
    <message>
        <source>the holes empty at the start, by name or number, e.g. &apos;d4&apos;, &apos;16&apos; or &apos;3,5&apos; (empty: the board&apos;s own)</source>
        <translation>開始時に空いている穴 (名前か番号)。例: &apos;d4&apos;、&apos;16&apos;、&apos;3,5&apos;（空欄なら盤の既定）</translation>
    </message>
    <message>
        <source>{count} legal moves: too many to analyse one by one</source>
        <translation>合法手が {count} 個: 一手ずつ解析するには多すぎます</translation>
    </message>
    <message>
        <source>exhaustive search: no sequence of moves reaches the goal</source>
        <translation>全探索: どの手順でもゴールに届きません</translation>
    </message>
    <message>
        <source>finish hole {finish} is not on the board</source>
        <translation>ゴールの穴 {finish} は盤上にありません</translation>
    </message>
    <message>
        <source>first move is illegal: {reason}</source>
        <translation>最初の手が不正です: {reason}</translation>
    </message>
    <message>
        <source>give a board name ({puzzle}) or {option}, not both</source>
        <translation>盤の名前 ({puzzle}) か {option} のどちらか一方を指定してください</translation>
    </message>
    <message>
        <source>give either a layout or holes and jumps, not both</source>
        <translation>layout か、holes と jumps のどちらか一方だけを指定してください</translation>
    </message>
    <message>
        <source>choosing a guess</source>
        <translation>次の推測を選んでいます</translation>
    </message>
    <message>
        <source>a problem entry is malformed</source>
        <translation>問題の項目が壊れています</translation>
    </message>
    <message>
        <source>cancelled while preparing the {rows}×{cols} puzzle&apos;s tables</source>
        <translation>{rows}×{cols} パズルの表の準備中に中止しました</translation>
    </message>
    <message>
        <source>checksum mismatch</source>
        <translation>チェックサムが一致しません</translation>
    </message>
    <message>
        <source>counting the shortest solutions</source>
        <translation>最短解の数を数えています</translation>
    </message>
    <message>
        <source>hex pattern {text!r} has bits beyond button {last}</source>
        <translation>16 進パターン {text!r} にボタン {last} を超えるビットがあります</translation>
    </message>
    <message>
        <source>hole {hole}</source>
        <translation>穴 {hole}</translation>
    </message>
    <message>
        <source>hole {hole} does not exist (holes are 0..{last})</source>
        <translation>穴 {hole} はありません (穴は 0..{last})</translation>
    </message>
    <message>
        <source>holes {first} and {second} are too close together for the size of the board</source>
        <translation>穴 {first} と {second} が盤の大きさに比べて近すぎます</translation>
    </message>
    <message>
        <source>holes {first} and {second} have the same coordinates {coords}</source>
        <translation>穴 {first} と穴 {second} の座標が同じ {coords} です</translation>
    </message>
    <message>
        <source>holes {start}, {over}, {end} are not in line (the middle one must lie between the other two)</source>
        <translation>穴 {start}, {over}, {end} が一直線に並んでいません (真ん中の穴は残り2つの間に置いてください)</translation>
    </message>
    <message>
        <source>it does not hold one problem for each pair of start and finish</source>
        <translation>開始とゴールの組ごとに1問ずつ入っていません</translation>
    </message>
    <message>
        <source>jug {jug} is already empty</source>
        <translation>容器 {jug} はすでに空です</translation>
    </message>
    <message>
        <source>jug {jug} is already full</source>
        <translation>容器 {jug} はすでに満杯です</translation>
    </message>
    <message>
        <source>jug {jug} is empty</source>
        <translation>容器 {jug} は空です</translation>
    </message>
    <message>
        <source>jug {jug} is full</source>
        <translation>容器 {jug} は満杯です</translation>
    </message>
    <message>
        <source>jugs are numbered 0..{last}</source>
        <translation>容器の番号は 0〜{last} です</translation>
    </message>
    <message>
        <source>jugs: a position gives the amount in each of the {count} jugs (got {given})</source>
        <translation>容器パズル: 局面には {count} 個の容器それぞれの量が必要です（入力: {given} 個）</translation>
    </message>
    <message>
        <source>jugs: cannot read {part!r}</source>
        <translation>容器パズル: {part!r} を読み取れません</translation>
    </message>
    <message>
        <source>jugs: cannot read {part!r} (fill i, empty i, pour i j)</source>
        <translation>容器パズル: {part!r} を読み取れません（fill i、empty i、pour i j）</translation>
    </message>
    <message>
        <source>jugs: capacities must be whole numbers, e.g. 8,5 (got {text!r})</source>
        <translation>容器パズル: 容量は整数で指定してください（例: 8,5。入力: {text!r}）</translation>
    </message>
    <message>
        <source>jugs: capacities up to {limit} litres (got {capacity})</source>
        <translation>容器パズル: 容量は {limit} L までです（入力: {capacity}）</translation>
    </message>
    <message>
        <source>jugs: every capacity must be at least 1 litre (got {capacity})</source>
        <translation>容器パズル: 容量はどれも 1 L 以上にしてください（入力: {capacity}）</translation>
    </message>
    <message>
        <source>jugs: give --capacities, e.g. 8,5</source>
        <translation>容器パズル: --capacities を指定してください（例: 8,5）</translation>
    </message>
    <message>
        <source>jugs: give --target, the amount to measure</source>
        <translation>容器パズル: 量り取る量を --target で指定してください</translation>
    </message>
    <message>
        <source>jugs: give {low} to {high} jugs (got {count})</source>
        <translation>容器パズル: 容器は {low}〜{high} 個にしてください（入力: {count} 個）</translation>
    </message>
    <message>
        <source>jugs: jug {jug} holds 0 to {capacity} L, not {amount!r}</source>
        <translation>容器パズル: 容器 {jug} に入るのは 0 〜 {capacity} L です（入力: {amount!r}）</translation>
    </message>
    <message>
        <source>jugs: the target cannot be negative (got {target})</source>
        <translation>容器パズル: 目標量を負にはできません（入力: {target}）</translation>
    </message>
    <message>
        <source>jump {start}-&gt;{end} is not legal here</source>
        <translation>ジャンプ {start}-&gt;{end} はここではできません</translation>
    </message>
    <message>
        <source>looking ahead from your position</source>
        <translation>今の局面から先を読んでいます</translation>
    </message>
    <message>
        <source>looking ahead from your position and back from the goal</source>
        <translation>今の局面から先を、ゴールから逆に読んでいます</translation>
    </message>
    <message>
        <source>{puzzle}: no position found whose shortest finish is {moves} moves with a single right move at every step (positions tried: {tried})</source>
        <translation>{puzzle}: 最短で {moves} 手で終わり、どの手番でも正解の手が一つだけの局面は見つかりませんでした（試した局面: {tried}）</translation>
    </message>
    <message>
        <source>{puzzle}: no position has a single right move at every step of a finish of {moves} moves: {why}</source>
        <translation>{puzzle}: {moves} 手で終わる局面で、どの手番でも正解の手が一つだけのものはありません: {why}</translation>
    </message>
    <message>
        <source>{stage} ({percent}%; no solution has fewer than {least} moves)</source>
        <translation>{stage} ({percent}%・{least} 手未満の解はありません)</translation>
    </message>
    <message>
        <source>looking {depth} moves ahead from your position</source>
        <translation>今の局面から {depth} 手先まで読んでいます</translation>
    </message>
    <message>
        <source>--count: give 1 to {most} puzzles, not {value}</source>
        <translation>--count: 1 から {most} 問で指定してください（{value} ではなく）</translation>
    </message>
    <message>
        <source>--memory {value:g} is more than {limit:,} GB</source>
        <translation>--memory {value:g} は {limit:,} GB を超えています</translation>
    </message>
    <message>
        <source>--moves: give 1 to {most} moves, not {value}</source>
        <translation>--moves: 1 から {most} 手で指定してください（{value} ではなく）</translation>
    </message>
    <message>
        <source>Choose the empty hole at the start: right-click a hole.</source>
        <translation>開始時に空ける穴を選んでください: 穴を右クリックします。</translation>
    </message>
    <message>
        <source>Empty jug {jug} ({capacity} L)</source>
        <translation>容器 {jug} ({capacity} L) を空にする</translation>
    </message>
    <message>
        <source>Every hole is empty at the start: at least one must hold a peg.</source>
        <translation>開始時にすべての穴が空いています。少なくとも1つの穴にはペグが必要です。</translation>
    </message>
    <message>
        <source>Fill jug {jug} ({capacity} L)</source>
        <translation>容器 {jug} ({capacity} L) を満たす</translation>
    </message>
    <message>
        <source>Find the finish in {moves} moves: one move keeps it at every step.</source>
        <translation>{moves} 手で解いてください。どの局面でも最短を保つ手は一つだけです。</translation>
    </message>
    <message>
        <source>Go on with the same peg.</source>
        <translation>同じペグで続けてください。</translation>
    </message>
    <message>
        <source>Guess {guess}</source>
        <translation>{guess} を推測</translation>
    </message>
    <message>
        <source>Jump the peg at {start} over {over} to {end}</source>
        <translation>{start} のペグで {over} を跳び越して {end} へ</translation>
    </message>
    <message>
        <source>Jump the peg at {start} over {over} to {end}, then on to {more}</source>
        <translation>{start} のペグで {over} を跳び越して {end} へ、続けて {more} へ</translation>
    </message>
    <message>
        <source>Move the pair at {a}–{b} to the gap at {c}–{d}</source>
        <translation>{a}–{b} の 2 個を空きマス {c}–{d} へ移す</translation>
    </message>
    <message>
        <source>No jump is possible on this board: a jump needs three holes in a row along a jump direction.</source>
        <translation>この盤では跳べません。ジャンプには、跳ぶ方向に一列に並んだ3つの穴が必要です。</translation>
    </message>
    <message>
        <source>No move is possible from the start: every peg is stuck. Empty another hole next to a peg.</source>
        <translation>開始局面から動かせる手がありません。どのペグも跳べません。ペグの隣の別の穴を空けてください。</translation>
    </message>
    <message>
        <source>Pour jug {source} into jug {target}</source>
        <translation>容器 {source} を容器 {target} に注ぐ</translation>
    </message>
    <message>
        <source>Press button {button}</source>
        <translation>ボタン {button} を押す</translation>
    </message>
    <message>
        <source>Press the button in row {row}, column {col}</source>
        <translation>{row} 行 {col} 列目のボタンを押す</translation>
    </message>
    <message>
        <source>Right. Moves left to the finish: {left}.</source>
        <translation>正解。残り {left} 手です。</translation>
    </message>
    <message>
        <source>Shift the diagonal from the bottom left up-right: {a} {b} {c} → {d} {e} {f}</source>
        <translation>左下からの斜めの列を右上へずらす: {a} {b} {c} → {d} {e} {f}</translation>
    </message>
    <message>
        <source>Shift the diagonal from the bottom right up-left: {a} {b} {c} → {d} {e} {f}</source>
        <translation>右下からの斜めの列を左上へずらす: {a} {b} {c} → {d} {e} {f}</translation>
    </message>
    <message>
        <source>Shift the diagonal from the top left down-right: {a} {b} {c} → {d} {e} {f}</source>
        <translation>左上からの斜めの列を右下へずらす: {a} {b} {c} → {d} {e} {f}</translation>
    </message>
    <message>
        <source>Shift the diagonal from the top right down-left: {a} {b} {c} → {d} {e} {f}</source>
        <translation>右上からの斜めの列を左下へずらす: {a} {b} {c} → {d} {e} {f}</translation>
    </message>
    <message>
        <source>Shift the middle column down: {a} {b} {c} → {d} {e} {f}</source>
        <translation>中央の列を下へずらす: {a} {b} {c} → {d} {e} {f}</translation>
    </message>
    <message>
        <source>Shift the middle column up: {a} {b} {c} → {d} {e} {f}</source>
        <translation>中央の列を上へずらす: {a} {b} {c} → {d} {e} {f}</translation>
    </message>
    <message>
        <source>Shift the middle row left: {a} {b} {c} → {d} {e} {f}</source>
        <translation>中央の行を左へずらす: {a} {b} {c} → {d} {e} {f}</translation>
    </message>
    <message>
        <source>Shift the middle row right: {a} {b} {c} → {d} {e} {f}</source>
        <translation>中央の行を右へずらす: {a} {b} {c} → {d} {e} {f}</translation>
    </message>
    <message>
        <source>Slide tile {tile} down</source>
        <translation>タイル {tile} を下へ</translation>
    </message>
    <message>
        <source>Slide tile {tile} left</source>
        <translation>タイル {tile} を左へ</translation>
    </message>
    <message>
        <source>Slide tile {tile} right</source>
        <translation>タイル {tile} を右へ</translation>
    </message>
    <message>
        <source>Slide tile {tile} up</source>
        <translation>タイル {tile} を上へ</translation>
    </message>
    <message>
        <source>Solved: the shortest finish.</source>
        <translation>正解：最短手数で解けました。</translation>
    </message>
    <message>
        <source>The board has no holes yet: click cells to add them.</source>
        <translation>盤にまだ穴がありません。マスをクリックして穴を加えてください。</translation>
    </message>
    <message>
        <source>The board has {holes} holes; the solver handles at most {limit}, so there are no hints and no par. It can still be saved and played.</source>
        <translation>この盤の穴は {holes} 個です。ソルバーが扱えるのは {limit} 個までなので、ヒントもパーもありません。保存して遊ぶことはできます。</translation>
    </message>
    <message>
        <source>Wrong: after that move the goal cannot be reached. {right} keeps the finish in {left}.</source>
        <translation>不正解：この手ではもう解けません。{right} なら {left} 手で解けます。</translation>
    </message>
    <message>
        <source>Wrong: with that move the finish takes at least {total} moves, not {left}. {right} keeps it.</source>
        <translation>不正解：この手では {left} 手ではなく少なくとも {total} 手かかります。{right} なら最短のままです。</translation>
    </message>
    <message>
        <source>Wrong: with that move the finish takes {total} moves, not {left}. {right} keeps it.</source>
        <translation>不正解：この手では {left} 手ではなく {total} 手かかります。{right} なら最短のままです。</translation>
    </message>
    <message>
        <source>[0, 0] is no direction: a jump must move its peg</source>
        <translation>[0, 0] は方向ではありません。跳躍ではペグが動く必要があります</translation>
    </message>
    <message>
        <source>a count: a peg in a hole no jump passes over can leave only by jumping, and each such jump removes a peg of the kind it jumps over (on a square board, the other colour of a draughtboard); here those pegs are too few for the goal</source>
        <translation>数え上げ: 跳び越されることのない穴のペグは自分で跳ぶほかに出られず、その跳躍は跳び越せる種類のペグを1本取ります (正方形の盤ではチェッカー盤のもう一方の色)。ここではそのペグがゴールに足りません</translation>
    </message>
    <message>
        <source>a jump on by the peg just moved, which costs no move, was not searched to the end</source>
        <translation>いま動かしたペグがさらに跳ぶ手(手数に数えない)を最後まで調べられませんでした</translation>
    </message>
    <message>
        <source>a move takes a peg, and the board&apos;s {holes} holes hold at most {pegs} pegs, so no finish is longer than {most} moves</source>
        <translation>1手ごとにペグが1本減り、この盤の {holes} 穴には多くて {pegs} 本のペグしか入らないため、{most} 手より長い解はありません</translation>
    </message>
    <message>
        <source>a pagoda function: the sum of its weights over the pegs never grows with a jump, and here it is already below what the goal needs</source>
        <translation>パゴダ関数: ペグの重みの合計は跳躍で増えることがなく、ここではすでにゴールに必要な値を下回っています</translation>
    </message>
    <message>
        <source>a proven minimal solution of one of this board&apos;s problems passes through this position (found by the exhaustive bidirectional search when the catalogue was built)</source>
        <translation>この盤の問題の証明済み最短解がこの局面を通ります (カタログ作成時に両方向からの全探索で発見)</translation>
    </message>
    <message>
        <source>a table of every position&apos;s distance from the goal, made by one breadth-first search back from the goal and kept on this computer</source>
        <translation>ゴールから逆向きに 1 回の幅優先探索で作り、このコンピューターに保存した、全局面のゴールまでの距離の表</translation>
    </message>
    <message>
        <source>cannot read {text!r}: use on, off, random[:SEED], 0x&lt;hex&gt;, or {cells} digits 0/1 row by row</source>
        <translation>{text!r} を読み取れません: on、off、random[:SEED]、0x&lt;16 進数&gt;、または行ごとに並べた {cells} 桁の 0/1 で指定してください</translation>
    </message>
    <message>
        <source>cannot save {puzzle}: its {field} is not plain JSON ({detail})</source>
        <translation>{puzzle} を保存できません: {field} が単純な JSON ではありません ({detail})</translation>
    </message>
    <message>
        <source>deciding whether this position can still win</source>
        <translation>この局面からまだ勝てるかどうかを調べています</translation>
    </message>
    <message>
        <source>exhaustive search by jumps: none of the positions {near} jumps from the start is one jump from a position that reaches the goal in {far}</source>
        <translation>跳躍ごとの全探索: 開始から {near} 回跳んだ局面のどれも、あと {far} 回でゴールに届く局面の一つ手前にありません</translation>
    </message>
    <message>
        <source>exhaustive search: no sequence of at most {moves} moves reaches the goal</source>
        <translation>全探索: {moves} 手以内のどの手順でもゴールに届きません</translation>
    </message>
    <message>
        <source>give the litres in each jug, e.g. 3,5, not {text!r}</source>
        <translation>各容器の量をリットルで指定してください（例: 3,5）。{text!r} ではありません</translation>
    </message>
    <message>
        <source>looking 1 move ahead from your position</source>
        <translation>今の局面から 1 手先まで読んでいます</translation>
    </message>
    <message>
        <source>looking 1 move back from the goal</source>
        <translation>ゴールから 1 手さかのぼって読んでいます</translation>
    </message>
    <message>
        <source>looking {depth} moves back from the goal</source>
        <translation>ゴールから {depth} 手さかのぼって読んでいます</translation>
    </message>
    <message>
        <source>made for other holes or jumps than board {board}&apos;s</source>
        <translation>盤 {board} とは別の穴またはジャンプ用に作られています</translation>
    </message>
    <message>
        <source>measuring every position&apos;s distance from the goal</source>
        <translation>すべての局面のゴールまでの手数を測っています</translation>
    </message>
    <message>
        <source>memory budget of {gb:g} GB exceeded</source>
        <translation>メモリ上限 {gb:g} GB を超えました</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>ありません</translation>
    </message>
    <message>
        <source>missing: give a layout, or holes and jumps tables</source>
        <translation>ありません: layout か、holes と jumps の表を指定してください</translation>
    </message>
    <message>
        <source>missing: list each jump as [from, over, to]</source>
        <translation>ありません: 各ジャンプを [from, over, to] の形で並べてください</translation>
    </message>
    <message>
        <source>missing: list the holes that are empty at the start, e.g. start = [16]</source>
        <translation>ありません: 最初に空いている穴を並べてください (例: start = [16])</translation>
    </message>
    <message>
        <source>more than {limit:,} holes</source>
        <translation>穴が {limit:,} 個を超えています</translation>
    </message>
    <message>
        <source>more than {limit:,} positions</source>
        <translation>{limit:,} 局面を超えます</translation>
    </message>
    <message>
        <source>more than {limit} positions</source>
        <translation>局面が {limit} 個を超えました</translation>
    </message>
    <message>
        <source>move {move!r} must list hole numbers</source>
        <translation>手 {move!r} には穴の番号を並べてください</translation>
    </message>
    <message>
        <source>move {move!r} needs at least two holes</source>
        <translation>手 {move!r} には少なくとも2つの穴が必要です</translation>
    </message>
    <message>
        <source>moves are triples of cells, e.g. (8 4 0)(6 4 2)</source>
        <translation>手はマス 3 つの組で指定してください（例: (8 4 0)(6 4 2)）</translation>
    </message>
    <message>
        <source>must be a JSON object</source>
        <translation>JSON オブジェクトにしてください</translation>
    </message>
    <message>
        <source>must be a list of whole numbers</source>
        <translation>整数のリストでなければなりません</translation>
    </message>
    <message>
        <source>must be a multi-line string</source>
        <translation>複数行の文字列にしてください</translation>
    </message>
    <message>
        <source>must be a non-empty list of hole numbers</source>
        <translation>穴の番号の空でないリストにしてください</translation>
    </message>
    <message>
        <source>must be a non-empty name without &apos;/&apos; or surrounding spaces</source>
        <translation>&apos;/&apos; や前後の空白を含まない、空でない名前にしてください</translation>
    </message>
    <message>
        <source>must be a non-empty string</source>
        <translation>空でない文字列にしてください</translation>
    </message>
    <message>
        <source>must be a string</source>
        <translation>文字列にしてください</translation>
    </message>
    <message>
        <source>must be a whole number</source>
        <translation>整数にしてください</translation>
    </message>
    <message>
        <source>must be a whole number or a list of whole numbers</source>
        <translation>整数か整数のリストにしてください</translation>
    </message>
    <message>
        <source>must be {expected!r}</source>
        <translation>{expected!r} にしてください</translation>
    </message>
    <message>
        <source>must hold at least one [dx, dy] pair of integers</source>
        <translation>整数の組 [dx, dy] を1つ以上入れてください</translation>
    </message>
    <message>
        <source>name a board: pegs/&lt;board&gt; (boards: {boards})</source>
        <translation>盤を指定してください: pegs/&lt;盤&gt; (盤: {boards})</translation>
    </message>
    <message>
        <source>nested too deeply</source>
        <translation>入れ子が深すぎます</translation>
    </message>
    <message>
        <source>no button {move!r} on a {rows}x{cols} board (buttons 0..{last})</source>
        <translation>{rows}x{cols} の盤にボタン {move!r} はありません（ボタンは 0〜{last}）</translation>
    </message>
    <message>
        <source>no goal among the {count} reachable positions</source>
        <translation>到達できる {count} 個の局面にゴールはありません</translation>
    </message>
    <message>
        <source>no goal: the start is the only reachable position</source>
        <translation>ゴールがありません: 到達できる局面は開始局面だけです</translation>
    </message>
    <message>
        <source>no jump from {start} to {end}</source>
        <translation>{start} から {end} へのジャンプはありません</translation>
    </message>
    <message>
        <source>no jump is possible on this board</source>
        <translation>この盤ではどのジャンプもできません</translation>
    </message>
    <message>
        <source>no move: no jump can be made from this position, and it is not the goal</source>
        <translation>手がありません：この局面からはどのジャンプもできず、ゴールでもありません</translation>
    </message>
    <message>
        <source>no peg in hole {hole}</source>
        <translation>穴 {hole} にペグがありません</translation>
    </message>
    <message>
        <source>no play solves this start and finish: {reason}</source>
        <translation>この開始と終了の組み合わせは解けません: {reason}</translation>
    </message>
    <message>
        <source>no position of this game is {moves} moves from its finish (the farthest is {deepest}, by its whole table)</source>
        <translation>このゲームにはゴールまで {moves} 手の局面がありません（全局面の表によれば最も遠いのは {deepest} 手）</translation>
    </message>
    <message>
        <source>no problem catalogue ships for board {board}, and it has more than {holes} holes to compute one here</source>
        <translation>盤 {board} の問題集は同梱されておらず、穴が {holes} 個を超えるため、ここでは作れません</translation>
    </message>
    <message>
        <source>no problem {start} -&gt; {finish} on board {board}</source>
        <translation>盤 {board} に問題 {start} -&gt; {finish} はありません</translation>
    </message>
    <message>
        <source>no secret answers {score} to {guess} (answer {answer})</source>
        <translation>{guess} に「{score}」と答える秘密の数はありません（回答 {answer}）</translation>
    </message>
    <message>
        <source>no shipped board {board!r} (known: {known})</source>
        <translation>付属の盤 {board!r} はありません (付属の盤: {known})</translation>
    </message>
    <message>
        <source>no solution within {limit} moves</source>
        <translation>{limit} 手以内の解はありません</translation>
    </message>
    <message>
        <source>none of the {count} positions {moves} moves from the finish in this game&apos;s whole table has one</source>
        <translation>このゲームの完全な表で、終わりまで {moves} 手の {count} 局面のどれにもありません</translation>
    </message>
    <message>
        <source>not JSON</source>
        <translation>JSON ではありません</translation>
    </message>
    <message>
        <source>not UTF-8 text (byte {offset} is {byte})</source>
        <translation>UTF-8 のテキストではありません ({offset} バイト目が {byte})</translation>
    </message>
    <message>
        <source>not a PegApp problem catalogue</source>
        <translation>PegApp の問題集ではありません</translation>
    </message>
    <message>
        <source>not a button number: {token!r}</source>
        <translation>ボタンの番号ではありません: {token!r}</translation>
    </message>
    <message>
        <source>not a pagoda function: some jump raises its sum</source>
        <translation>パゴダ関数ではありません: 和を増やす跳躍があります</translation>
    </message>
    <message>
        <source>not a position of this puzzle</source>
        <translation>このパズルの局面ではありません</translation>
    </message>
    <message>
        <source>not a regular file</source>
        <translation>通常のファイルではありません</translation>
    </message>
    <message>
        <source>not an 8-flip puzzle: {puzzle_id!r}</source>
        <translation>8めくりのパズルではありません: {puzzle_id!r}</translation>
    </message>
    <message>
        <source>not an operation: {move!r}</source>
        <translation>操作ではありません: {move!r}</translation>
    </message>
    <message>
        <source>not an operation: {move!r} (fill i, empty i, pour i j)</source>
        <translation>操作ではありません: {move!r}（fill i、empty i、pour i j）</translation>
    </message>
    <message>
        <source>not decided yet: no winning line found so far, and no proof that none exists; searching on</source>
        <translation>まだ決まっていません：勝てる手順はまだ見つからず、ないという証明もありません。探索を続けています</translation>
    </message>
    <message>
        <source>not valid JSON (a number too long to read)</source>
        <translation>JSON として正しくありません (数値が長すぎて読めません)</translation>
    </message>
    <message>
        <source>not valid JSON (nested too deeply)</source>
        <translation>JSON として正しくありません (入れ子が深すぎます)</translation>
    </message>
    <message>
        <source>not valid JSON at line {line}, column {column}</source>
        <translation>JSON として正しくありません ({line} 行目、{column} 文字目)</translation>
    </message>
    <message>
        <source>not valid TOML ({detail})</source>
        <translation>TOML として正しくありません ({detail})</translation>
    </message>
    <message>
        <source>only {secrets} still fit your earlier answers, and none of them scores {score} against {guess}</source>
        <translation>それまでの回答に合う秘密は {secrets} だけで、どれも {guess} に対して「{score}」にはなりません</translation>
    </message>
    <message>
        <source>only {secret} still fits your earlier answers, and it scores {score} against {guess}</source>
        <translation>それまでの回答に合う秘密は {secret} だけで、{guess} に対しては「{score}」になります</translation>
    </message>
    <message>
        <source>oshidori: a position needs exactly two empty cells, side by side</source>
        <translation>おしどり: 局面には隣り合った空きマスがちょうど 2 つ必要です</translation>
    </message>
    <message>
        <source>oshidori: bad cell {cell!r} (stones 1..15, &apos;_&apos; for empty)</source>
        <translation>おしどり: マス {cell!r} が正しくありません（石は 1〜15、空きは &apos;_&apos;）</translation>
    </message>
    <message>
        <source>oshidori: cannot read moves {text!r}</source>
        <translation>おしどり: 手 {text!r} を読み取れません</translation>
    </message>
    <message>
        <source>oshidori: every move needs two cells (from, to)</source>
        <translation>おしどり: 手ごとにマスが 2 つ必要です（移動元, 移動先）</translation>
    </message>
    <message>
        <source>oshidori: give --kinds or --pairs, not both</source>
        <translation>おしどり: --kinds と --pairs はどちらか一方だけ指定してください</translation>
    </message>
    <message>
        <source>oshidori: the number of kinds must be {low}..{high} (got {kinds})</source>
        <translation>おしどり: 石の種類は {low}〜{high} です ({kinds} が指定されました)</translation>
    </message>
    <message>
        <source>oshidori: the number of stones of each colour must be {low}..{high} (got {pairs})</source>
        <translation>おしどり: 各色の石の数は {low}〜{high} です ({pairs} が指定されました)</translation>
    </message>
    <message>
        <source>oshidori: the position does not hold the goal&apos;s stones</source>
        <translation>おしどり: 局面の石がゴールの石と一致しません</translation>
    </message>
    <message>
        <source>oshidori: the start must hold the goal&apos;s stones: {stones}</source>
        <translation>おしどり: 開始局面にはゴールと同じ石が必要です: {stones}</translation>
    </message>
    <message>
        <source>peg solitaire</source>
        <translation>ペグ・ソリティア</translation>
    </message>
    <message>
        <source>pegs/{board}: unavailable: {reason}</source>
        <translation>pegs/{board}: 使用できません: {reason}</translation>
    </message>
    <message>
        <source>position class: no single peg in {where} is in the same position class as this position, and moves never change it</source>
        <translation>局面クラス: ペグが1本だけ残る局面 ({where}) は、どれもこの局面と同じ局面クラスではありません。手を進めてもクラスは変わりません</translation>
    </message>
    <message>
        <source>position classes: a single peg in the finish hole is in another position class than the start, and no move changes a position&apos;s class</source>
        <translation>位置クラス: ゴールの穴に残る1本のペグは開始局面と別の位置クラスにあり、どの手も局面の位置クラスを変えません</translation>
    </message>
    <message>
        <source>position classes: no single peg, in any hole, is in the position class of the start, and no move changes a position&apos;s class</source>
        <translation>位置クラス: どの穴に残る1本のペグも開始局面と同じ位置クラスになく、どの手も局面の位置クラスを変えません</translation>
    </message>
    <message>
        <source>position must be a non-empty set of the board&apos;s holes</source>
        <translation>局面は盤の穴の空でない集合でなければなりません</translation>
    </message>
    <message>
        <source>preparing the {rows}×{cols} puzzle&apos;s tables, done once</source>
        <translation>{rows}×{cols} パズルの表を準備しています（初回のみ）</translation>
    </message>
    <message>
        <source>preparing this board&apos;s endgame, done once ({depth} moves from the goal)</source>
        <translation>この盤の終盤を準備しています(一度だけ、ゴールから {depth} 手)</translation>
    </message>
    <message>
        <source>presses commute, so each press of a shortest solution keeps the minimum</source>
        <translation>押す順番は自由なので、最短の解のどのボタンを押しても最短のままです</translation>
    </message>
    <message>
        <source>problem {start} -&gt; {finish}: an impossible problem with a par</source>
        <translation>問題 {start} -&gt; {finish}: 不可能な問題にパーがあります</translation>
    </message>
    <message>
        <source>problem {start} -&gt; {finish}: its par is not the length of its solution</source>
        <translation>問題 {start} -&gt; {finish}: パーが解の手数と一致しません</translation>
    </message>
    <message>
        <source>problem {start} -&gt; {finish}: its solution does not replay</source>
        <translation>問題 {start} -&gt; {finish}: 解を再生できません</translation>
    </message>
    <message>
        <source>puzzle</source>
        <translation>パズル</translation>
    </message>
    <message>
        <source>random seed: {digits:,} digits is too long (at most {most})</source>
        <translation>乱数の種: {digits:,} 桁は長すぎます（最大 {most} 桁）</translation>
    </message>
    <message>
        <source>repeated tile {tiles}: each of 0..{last} must appear once</source>
        <translation>タイル {tiles} が重複しています: 0〜{last} をそれぞれ 1 回ずつ使ってください</translation>
    </message>
    <message>
        <source>repeated tile {tiles}: each of 1..9 must appear once</source>
        <translation>タイル {tiles} が重複しています: 1〜9 をそれぞれ 1 回ずつ使ってください</translation>
    </message>
    <message>
        <source>repeated tiles {tiles}: each of 0..{last} must appear once</source>
        <translation>タイル {tiles} が重複しています: 0〜{last} をそれぞれ 1 回ずつ使ってください</translation>
    </message>
    <message>
        <source>repeated tiles {tiles}: each of 1..9 must appear once</source>
        <translation>タイル {tiles} が重複しています: 1〜9 をそれぞれ 1 回ずつ使ってください</translation>
    </message>
    <message>
        <source>row {row}, column {column}: unexpected character {char!r} (use &apos;o&apos; for a hole, space or &apos;.&apos; for none)</source>
        <translation>{row} 行 {column} 列: 想定外の文字 {char!r} です (穴は &apos;o&apos;、穴なしは空白か &apos;.&apos;)</translation>
    </message>
    <message>
        <source>save file</source>
        <translation>セーブファイル</translation>
    </message>
    <message>
        <source>solving the light equations</source>
        <translation>ライトの方程式を解いています</translation>
    </message>
    <message>
        <source>start pattern does not fit a {rows}x{cols} board</source>
        <translation>開始パターンが {rows}x{cols} の盤に合いません</translation>
    </message>
    <message>
        <source>start pattern has {count} cell, a {rows}x{cols} board has {cells}</source>
        <translation>開始パターンは {count} マスですが、{rows}x{cols} の盤は {cells} マスです</translation>
    </message>
    <message>
        <source>start pattern has {count} cells, a {rows}x{cols} board has {cells}</source>
        <translation>開始パターンは {count} マスですが、{rows}x{cols} の盤は {cells} マスです</translation>
    </message>
    <message>
        <source>table of a problem&apos;s first moves: a search when the table was built proved that no sequence of moves reaches the goal from this position</source>
        <translation>問題の序盤の表: 表を作ったときの探索で、この局面からはどう動いてもゴールに届かないことが証明済み</translation>
    </message>
    <message>
        <source>table of a problem&apos;s first moves: this position can be reached from a position {back} move(s) back that a search proved, when the table was built, to have no way to the goal; so neither has this one</source>
        <translation>問題の序盤の表: この局面は {back} 手前の局面から来られますが、その局面からはゴールに届かないことを表を作るときの探索が証明しています。したがってこの局面からも届きません</translation>
    </message>
    <message>
        <source>the board has no holes</source>
        <translation>盤に穴がありません</translation>
    </message>
    <message>
        <source>the board needs 9 tiles (1..9), got {count}</source>
        <translation>盤には 9 枚のタイル（1〜9）が必要です。入力は {count} 枚です</translation>
    </message>
    <message>
        <source>the game is over: the secret {secret} was found</source>
        <translation>ゲームは終わりました: 秘密の数 {secret} が見つかりました</translation>
    </message>
    <message>
        <source>the goal cannot be reached (the goal side ran out after {count} position)</source>
        <translation>ゴールに到達できません（ゴール側の探索が {count} 個の局面で尽きました）</translation>
    </message>
    <message>
        <source>the goal cannot be reached (the goal side ran out after {count} positions)</source>
        <translation>ゴールに到達できません（ゴール側の探索が {count} 個の局面で尽きました）</translation>
    </message>
    <message>
        <source>the goal cannot be reached (the start side ran out after {count} position)</source>
        <translation>ゴールに到達できません（開始側の探索が {count} 個の局面で尽きました）</translation>
    </message>
    <message>
        <source>the goal cannot be reached (the start side ran out after {count} positions)</source>
        <translation>ゴールに到達できません（開始側の探索が {count} 個の局面で尽きました）</translation>
    </message>
    <message>
        <source>the goal cannot be reached from the start</source>
        <translation>開始局面からゴールに到達できません</translation>
    </message>
    <message>
        <source>the goal cannot be reached from the start: only {count} positions can be reached from the goal</source>
        <translation>開始局面からゴールに到達できません: ゴールから到達できる局面は {count} 個だけです</translation>
    </message>
    <message>
        <source>the goal cannot be reached from the start: only {count} positions can be reached from the start</source>
        <translation>開始局面からゴールに到達できません: 開始局面から到達できる局面は {count} 個だけです</translation>
    </message>
    <message>
        <source>the guesses you scored {score} leave only the digit {digit}, and the secret has {pegs} different digits</source>
        <translation>「{score}」と答えた予想の数字を除くと、残る数字は {digit} だけですが、秘密は異なる {pegs} 桁の数字です</translation>
    </message>
    <message>
        <source>the guesses you scored {score} leave only the digits {digits}, and the secret has {pegs} different digits</source>
        <translation>「{score}」と答えた予想の数字を除くと、残る数字は {digits} だけですが、秘密は異なる {pegs} 桁の数字です</translation>
    </message>
    <message>
        <source>the guesses you scored {score} rule out every colour</source>
        <translation>「{score}」と答えた予想の色を除くと、残る色がありません</translation>
    </message>
    <message>
        <source>the guesses you scored {score} rule out every digit</source>
        <translation>「{score}」と答えた予想の数字を除くと、残る数字がありません</translation>
    </message>
    <message>
        <source>the next level of the search would need more than the memory budget of {gb:g} GB</source>
        <translation>探索の次の段階にはメモリ上限 {gb:g} GB を超えるメモリが必要です</translation>
    </message>
    <message>
        <source>a position one move back from this one is {back} moves from the goal, so this one needs at least {least}; a position {on} move(s) on is {rest} moves from the goal, so {least} it is. Both are in {origin}</source>
        <translation>1 手前の局面がゴールまで {back} 手なので、この局面には少なくとも {least} 手かかる。{on} 手先の局面がゴールまで {rest} 手なので、ちょうど {least} 手。どちらも次に収録: {origin}</translation>
    </message>
    <message>
        <source>the problem catalogue {file} cannot be read: {reason}</source>
        <translation>問題集 {file} を読めません: {reason}</translation>
    </message>
    <message>
        <source>the problem catalogue {file} is refused: {reason}</source>
        <translation>問題集 {file} は使えません: {reason}</translation>
    </message>
    <message>
        <source>the problem catalogue&apos;s solution, found by the same solver when the catalogue was made and shipped with PegApp</source>
        <translation>問題集の解。問題集を作るときに同じソルバーで見つけ、PegApp に同梱したもの</translation>
    </message>
    <message>
        <source>the proof did not end within {seconds} s</source>
        <translation>{seconds} 秒以内に証明が終わりませんでした</translation>
    </message>
    <message>
        <source>the search needs more than the memory budget of {gb:.2f} GB</source>
        <translation>探索にメモリ上限 {gb:.2f} GB を超えるメモリが必要です</translation>
    </message>
    <message>
        <source>the search needs more than the memory budget of {gb:.2f} GB ({positions} positions stored; every solution has at least {moves} move)</source>
        <translation>探索にメモリ上限 {gb:.2f} GB を超えるメモリが必要です（保存した局面 {positions} 個。どの解も {moves} 手以上）</translation>
    </message>
    <message>
        <source>the search needs more than the memory budget of {gb:.2f} GB ({positions} positions stored; every solution has at least {moves} moves)</source>
        <translation>探索にメモリ上限 {gb:.2f} GB を超えるメモリが必要です（保存した局面 {positions} 個。どの解も {moves} 手以上）</translation>
    </message>
    <message>
        <source>the secret is already found</source>
        <translation>秘密の数はもう見つかっています</translation>
    </message>
    <message>
        <source>the strategy file {file} cannot be read ({reason})</source>
        <translation>戦略ファイル {file} を読み込めません（{reason}）</translation>
    </message>
    <message>
        <source>there is no tile {tile}</source>
        <translation>タイル {tile} はありません</translation>
    </message>
    <message>
        <source>they describe {actual!r}, not {puzzle!r}</source>
        <translation>{puzzle!r} ではなく {actual!r} の設定です</translation>
    </message>
    <message>
        <source>this board is larger than the designer&apos;s grid ({max} by {max})</source>
        <translation>この盤はデザイナーの格子({max}×{max})より大きいです</translation>
    </message>
    <message>
        <source>this board&apos;s holes or jumps do not follow a lattice, so the designer cannot draw it (it can still be played)</source>
        <translation>この盤の穴またはジャンプが格子に沿っていないため、デザイナーでは描けません(遊ぶことはできます)</translation>
    </message>
    <message>
        <source>an exhaustive search when the catalogue was built</source>
        <translation>問題集を作ったときの全数探索</translation>
    </message>
    <message>
        <source>a search when the catalogue was built, with at least the memory this one would have</source>
        <translation>問題集を作ったときの、この探索以上のメモリを使った探索</translation>
    </message>
    <message>
        <source>this board&apos;s shipped table of every winnable position with its exact distance, built by an exhaustive search of every position reachable from the start ({positions:,} positions)</source>
        <translation>同梱の表: この盤で解ける局面すべてとその正確な手数 (初期局面から届く局面すべての全探索で作成、{positions:,} 局面)</translation>
    </message>
    <message>
        <source>an earlier position of this game was already a dead end: no play from there reaches the goal</source>
        <translation>このゲームの前の局面がすでに行き詰まりでした。そこから先はどう進めてもゴールに届きません</translation>
    </message>
    <message>
        <source>this pattern can never be cleared: every button flips an even number of the {count} lights {cells}, and an odd number of them ({on}) is on now</source>
        <translation>このパターンは決して消せません: どのボタンもライト {cells}（{count} 個）のうち偶数個をめくりますが、今はそのうち奇数個（{on} 個）が点灯しています</translation>
    </message>
    <message>
        <source>this problem&apos;s shipped bounded table, completed to its first {first} moves: every position at most {first} moves from its start, with its exact distance or as a dead end, each proven by a search of its own when the table was built; beyond them, every position at most {depth} moves from the start through which a solution of at most {bound} moves passes, from two searches stored whole within that bound; a minimum line on from each ({positions:,} positions kept)</source>
        <translation>この問題に同梱の限定表 (序盤 {first} 手まで完全): 開始から {first} 手以内のすべての局面を、正確な距離または行き詰まりとして収録 (それぞれ表を作ったときに個別の探索で証明)。その先は、開始から {depth} 手以内で {bound} 手以内の解が通るすべての局面を、その上限内で丸ごと保存した二つの探索から収録。どの局面にも続く最短手順つき ({positions:,} 局面を収録)</translation>
    </message>
    <message>
        <source>this problem&apos;s shipped bounded table: every position at most {depth} moves from its start through which a solution of at most {bound} moves passes, with its exact distance and a minimum line on, from two searches stored whole within that bound ({positions:,} positions kept)</source>
        <translation>この問題に同梱の限定表: 開始から {depth} 手以内で、{bound} 手以内の解が通るすべての局面を、正確な距離と続く最短手順とともに収録。その上限内で丸ごと保存した二つの探索から作成 ({positions:,} 局面を収録)</translation>
    </message>
    <message>
        <source>this problem&apos;s shipped opening table: every winnable position with at least {pegs} pegs, with its exact distance and a minimum line on, cut from a table built by an exhaustive search of every position reachable from the start ({positions:,} positions kept)</source>
        <translation>この問題の同梱の序盤表: ペグが {pegs} 本以上の解ける局面すべてとその正確な手数、そこから先の最短手順 (初期局面から届く局面すべての全探索で作った表から切り出したもの、{positions:,} 局面)</translation>
    </message>
    <message>
        <source>this puzzle has no other sizes</source>
        <translation>このパズルにはほかのサイズはありません</translation>
    </message>
    <message>
        <source>tile {tiles} out of range: use 1..{last} and 0 for the blank</source>
        <translation>タイル {tiles} は範囲外です: 1〜{last} と空白の 0 を使ってください</translation>
    </message>
    <message>
        <source>tile {tile} is not next to the blank</source>
        <translation>タイル {tile} は空白の隣にありません</translation>
    </message>
    <message>
        <source>tiles must be 1..9, each once</source>
        <translation>タイルは 1〜9 を 1 回ずつ使ってください</translation>
    </message>
    <message>
        <source>tiles must be whole numbers</source>
        <translation>タイルは整数で指定してください</translation>
    </message>
    <message>
        <source>tiles {tiles} out of range: use 1..{last} and 0 for the blank</source>
        <translation>タイル {tiles} は範囲外です: 1〜{last} と空白の 0 を使ってください</translation>
    </message>
    <message>
        <source>too large to read (out of memory)</source>
        <translation>大きすぎて読み込めません (メモリ不足)</translation>
    </message>
    <message>
        <source>trying ever longer solutions</source>
        <translation>次第に長い解を試しています</translation>
    </message>
    <message>
        <source>unexpected text {text!r} after the moves</source>
        <translation>手のあとに想定外の文字列 {text!r} があります</translation>
    </message>
    <message>
        <source>unexpected text {text!r} between moves</source>
        <translation>手と手の間に想定外の文字列 {text!r} があります</translation>
    </message>
    <message>
        <source>unknown board {board!r} (boards: {boards})</source>
        <translation>不明な盤 {board!r} です (盤: {boards})</translation>
    </message>
    <message>
        <source>unknown field (known: {known})</source>
        <translation>不明な項目です (使える項目: {known})</translation>
    </message>
    <message>
        <source>unknown jugs puzzle {puzzle!r} (use: jugs --capacities 8,5 --target 4)</source>
        <translation>不明な容器パズル {puzzle!r}（例: jugs --capacities 8,5 --target 4）</translation>
    </message>
    <message>
        <source>unknown lattice {lattice!r} (known: {known})</source>
        <translation>不明な格子 {lattice!r} です (使える格子: {known})</translation>
    </message>
    <message>
        <source>unknown oshidori puzzle {puzzle!r} (oshidori, oshidori/k&lt;kinds&gt;, oshidori/classic&lt;pairs&gt;)</source>
        <translation>不明なおしどりパズル {puzzle!r}（oshidori、oshidori/k&lt;種類数&gt;、oshidori/classic&lt;組数&gt;）</translation>
    </message>
    <message>
        <source>unknown puzzle {puzzle!r}</source>
        <translation>不明なパズル {puzzle!r} です</translation>
    </message>
    <message>
        <source>unknown rotation puzzle {puzzle_id!r} (only rotate/3x3)</source>
        <translation>不明な回転パズル {puzzle_id!r}（rotate/3x3 のみ）</translation>
    </message>
    <message>
        <source>unknown ruleset {name!r} (known: bulls, mastermind)</source>
        <translation>不明なルール {name!r}（指定できるもの: bulls、mastermind）</translation>
    </message>
    <message>
        <source>unknown sliding puzzle {puzzle_id!r} (use slide/RxC, e.g. slide/2x5)</source>
        <translation>不明なスライドパズル {puzzle_id!r}（slide/RxC の形で指定。例: slide/2x5）</translation>
    </message>
    <message>
        <source>unknown strategy {name!r} (known: {known})</source>
        <translation>不明な戦略 {name!r}（指定できるもの: {known}）</translation>
    </message>
    <message>
        <source>unsolvable: every move swaps the blank with a tile, so the parity of the tile permutation always matches the parity of the blank&apos;s distance from its home corner, and in this position they differ (as after swapping two tiles)</source>
        <translation>解けません: どの手も空白とタイルを入れ替えるので、タイルの並びの偶奇は空白の定位置（隅）からの距離の偶奇と常に一致しますが、この局面では一致しません（2 枚のタイルを入れ替えたときと同じ）</translation>
    </message>
    <message>
        <source>unsolvable: every rotation is a 3-cycle, an even permutation, so only arrangements an even number of swaps away from 1..9 can be solved, and this one is an odd number away</source>
        <translation>解けません: どの回転も 3 枚のタイルの巡回（偶置換）なので、1〜9 の並びから偶数回の入れ替えで得られる配置しか解けませんが、この配置は奇数回です</translation>
    </message>
    <message>
        <source>version {version} is not {expected}</source>
        <translation>バージョン {version} は {expected} ではありません</translation>
    </message>
    <message>
        <source>weighing every possible guess</source>
        <translation>すべての推測を比べています</translation>
    </message>
    <message>
        <source>with 2 the usual start cannot be solved: choose 3 or more</source>
        <translation>2 では通常の初期配置が解けません。3 以上を選んでください</translation>
    </message>
    <message>
        <source>with every light on, a {rows}×{cols} board can never be cleared: choose another size</source>
        <translation>すべて点灯した状態からは、{rows}×{cols} の盤は決して全部消せません。別の大きさを選んでください</translation>
    </message>
    <message>
        <source>worked out, not searched: each button is an equation over GF(2) (a button pressed twice is as if not pressed), solved once for this pattern; then every press set that also clears it is compared for the fewest presses</source>
        <translation>探索ではなく計算で求めました。各ボタンを GF(2) 上の方程式（2 回押したボタンは押さないのと同じ）とし、この模様について 1 度解き、同じく消せる押し方をすべて比べて最少の押し数を選びました</translation>
    </message>
    <message>
        <source>{black} black, {white} white</source>
        <translation>黒 {black}、白 {white}</translation>
    </message>
    <message>
        <source>{board!r} is not a board name (to open a board file, use {option} PATH)</source>
        <translation>{board!r} は盤の名前ではありません (盤ファイルを開くには {option} PATH を使ってください)</translation>
    </message>
    <message>
        <source>{board} (your board)</source>
        <translation>{board} (自作の盤)</translation>
    </message>
    <message>
        <source>{board}: the solver takes boards of at most {max} holes, not {n}</source>
        <translation>{board}: ソルバーが解けるのは穴が {max} 個までの盤です ({n} 個の盤は解けません)</translation>
    </message>
    <message>
        <source>{bulls} bull, {cows} cow</source>
        <translation>{bulls} ヒット、{cows} ブロー</translation>
    </message>
    <message>
        <source>{bulls} bull, {cows} cows</source>
        <translation>{bulls} ヒット、{cows} ブロー</translation>
    </message>
    <message>
        <source>{bulls} bulls, {cows} cow</source>
        <translation>{bulls} ヒット、{cows} ブロー</translation>
    </message>
    <message>
        <source>{bulls} bulls, {cows} cows</source>
        <translation>{bulls} ヒット、{cows} ブロー</translation>
    </message>
    <message>
        <source>{char!r} is not an ASCII digit (type 0-9)</source>
        <translation>{char!r} は半角数字ではありません (0-9 で入力してください)</translation>
    </message>
    <message>
        <source>{conflict}.
Why: {reason}</source>
        <translation>{conflict}。
理由: {reason}</translation>
    </message>
    <message>
        <source>{count} secrets still fit your earlier answers, and none of them scores {score} against {guess}</source>
        <translation>それまでの回答に合う秘密は {count} 通りありますが、どれも {guess} に対して「{score}」にはなりません</translation>
    </message>
    <message>
        <source>{family}: the family&apos;s solver gave a solution that does not reach the goal ({puzzle})</source>
        <translation>{family}: このパズルのソルバーが返した解はゴールに届きません ({puzzle})</translation>
    </message>
    <message>
        <source>{family}: the plug-in breaks the family contract: rule {rule!r} broken: {reason} (see pegapp check-family {family})</source>
        <translation>{family}: プラグインがファミリーの約束を守っていません: 規則 {rule!r} 違反: {reason}（pegapp check-family {family} を参照）</translation>
    </message>
    <message>
        <source>{field}: give {low} to {high} numbers</source>
        <translation>{field}: 数を {low}〜{high} 個入力してください</translation>
    </message>
    <message>
        <source>{field}: {value!r} is not a whole number</source>
        <translation>{field}: {value!r} は整数ではありません</translation>
    </message>
    <message>
        <source>{field}: {value!r} is not on or off</source>
        <translation>{field}: {value!r} はオンでもオフでもありません</translation>
    </message>
    <message>
        <source>{field}: {value!r} is not one of the choices</source>
        <translation>{field}: {value!r} は選択肢にありません</translation>
    </message>
    <message>
        <source>{field}: {value} is not from {low} to {high}</source>
        <translation>{field}: {value} は {low}〜{high} の範囲外です</translation>
    </message>
    <message>
        <source>{file}: field preorder: {reason}</source>
        <translation>{file}: 項目 preorder: {reason}</translation>
    </message>
    <message>
        <source>{file}: missing; build it with packaging/build_guess_strategies.py</source>
        <translation>{file}: ありません。packaging/build_guess_strategies.py で作成してください</translation>
    </message>
    <message>
        <source>{finish!r} is neither a hole (0..{last}) nor &quot;any&quot;</source>
        <translation>{finish!r} は穴（0..{last}）でも &quot;any&quot; でもありません</translation>
    </message>
    <message>
        <source>{game} (the computer guesses)</source>
        <translation>{game} (コンピューターが当てる)</translation>
    </message>
    <message>
        <source>{game} (you guess)</source>
        <translation>{game} (あなたが当てる)</translation>
    </message>
    <message>
        <source>{guesses} have no colour in common, yet your answers find {found} of the secret&apos;s pegs in them, and it has only {pegs}</source>
        <translation>{guesses} には共通の色がないのに、回答ではそこに秘密のピンが合わせて {found} 本あることになります。秘密のピンは {pegs} 本しかありません</translation>
    </message>
    <message>
        <source>{guesses} have no digit in common, yet your answers find {found} of the secret&apos;s digits in them, and it has only {pegs}</source>
        <translation>{guesses} には共通の数字がないのに、回答ではそこに秘密の数字が合わせて {found} 個あることになります。秘密の数字は {pegs} 個しかありません</translation>
    </message>
    <message>
        <source>{guess} ({score})</source>
        <translation>{guess}（{score}）</translation>
    </message>
    <message>
        <source>{h!r} is not a hole (holes are 0..{last})</source>
        <translation>{h!r} は穴ではありません (穴は 0..{last})</translation>
    </message>
    <message>
        <source>{h!r} is not an [x, y] pair of numbers</source>
        <translation>{h!r} は数の組 [x, y] ではありません</translation>
    </message>
    <message>
        <source>{items} and {last}</source>
        <translation>{items}、{last}</translation>
    </message>
    <message>
        <source>{items}, {item}</source>
        <translation>{items}、{item}</translation>
    </message>
    <message>
        <source>{jump!r} is not a [from, over, to] triple of hole numbers</source>
        <translation>{jump!r} は穴の番号の三つ組 [from, over, to] ではありません</translation>
    </message>
    <message>
        <source>{jump} uses a hole twice</source>
        <translation>{jump} は同じ穴を2回使っています</translation>
    </message>
    <message>
        <source>{line} is not one of the 8 lines through the centre</source>
        <translation>{line} は中央を通る 8 本の直線のどれでもありません</translation>
    </message>
    <message>
        <source>{move!r} is not a move</source>
        <translation>{move!r} は手ではありません</translation>
    </message>
    <message>
        <source>{move!r} is not a move (0..7, or a line such as (8, 4, 0))</source>
        <translation>{move!r} は手ではありません（0〜7、または (8, 4, 0) のような直線）</translation>
    </message>
    <message>
        <source>{move!r} is not a tile number</source>
        <translation>{move!r} はタイルの番号ではありません</translation>
    </message>
    <message>
        <source>{moves} moves at best · about {choices} choices a move</source>
        <translation>最短 {moves} 手 · 1 手あたり約 {choices} 通り</translation>
    </message>
    <message>
        <source>{name} ({start} → {finish})</source>
        <translation>{name} ({start} → {finish})</translation>
    </message>
    <message>
        <source>{name} ({variant})</source>
        <translation>{name} ({variant})</translation>
    </message>
    <message>
        <source>{option} must be holes by number or by name, e.g. &apos;16&apos;, &apos;d4&apos; or &apos;3,5&apos; (not {value!r})</source>
        <translation>{option} には穴を番号か名前で指定してください (例: &apos;16&apos;、&apos;d4&apos;、&apos;3,5&apos;。{value!r} ではありません)</translation>
    </message>
    <message>
        <source>{option}: a hole is listed twice</source>
        <translation>{option}: 同じ穴が 2 回指定されています</translation>
    </message>
    <message>
        <source>{option}: at least one hole must hold a peg</source>
        <translation>{option}: 少なくとも1つの穴にペグが必要です</translation>
    </message>
    <message>
        <source>{option}: give one hole, or &apos;any&apos;</source>
        <translation>{option}: 穴を 1 つ、または &apos;any&apos; を指定してください</translation>
    </message>
    <message>
        <source>{option}: give the holes the peg visits, e.g. &apos;0,6&apos;</source>
        <translation>{option}: ペグが通る穴を指定してください (例: &apos;0,6&apos;)</translation>
    </message>
    <message>
        <source>{option}: give the path of a board file</source>
        <translation>{option}: 盤ファイルのパスを指定してください</translation>
    </message>
    <message>
        <source>{option}: {reason}</source>
        <translation>{option}: {reason}</translation>
    </message>
    <message>
        <source>{option}: {value!r} is not a hole of {board} (holes are 0..{last})</source>
        <translation>{option}: {value!r} は盤 {board} の穴ではありません (穴は 0..{last})</translation>
    </message>
    <message>
        <source>{path} cannot be read ({detail})</source>
        <translation>{path} を読み込めません ({detail})</translation>
    </message>
    <message>
        <source>{path} could not be written ({reason})</source>
        <translation>{path} に書き込めませんでした ({reason})</translation>
    </message>
    <message>
        <source>{problem}; no solution found by the fallback depth-first search either</source>
        <translation>{problem}。代わりの深さ優先探索でも解は見つかりませんでした</translation>
    </message>
    <message>
        <source>{problem}; the solution given is not proven minimal</source>
        <translation>{problem}。示した解が最短かどうかは証明されていません</translation>
    </message>
    <message>
        <source>{puzzle} has too many positions for a complete table</source>
        <translation>{puzzle} は局面が多すぎて完全な距離表を作れません</translation>
    </message>
    <message>
        <source>{puzzle}: --kinds does not apply to the classic puzzle</source>
        <translation>{puzzle}: --kinds は古典版には使えません</translation>
    </message>
    <message>
        <source>{puzzle}: --ruleset {ruleset} does not match</source>
        <translation>{puzzle}: --ruleset {ruleset} はこのパズルに合いません</translation>
    </message>
    <message>
        <source>{puzzle}: a guessing game has no distance to review move by move (the best guess depends on the secret)</source>
        <translation>{puzzle}: 推理ゲームには一手ごとに振り返るゴールまでの手数がありません（最善の推理は秘密の答えによって決まります）</translation>
    </message>
    <message>
        <source>{puzzle}: conflicting --kinds/--pairs</source>
        <translation>{puzzle}: --kinds/--pairs が矛盾しています</translation>
    </message>
    <message>
        <source>{puzzle}: conflicting --pairs</source>
        <translation>{puzzle}: --pairs が矛盾しています</translation>
    </message>
    <message>
        <source>{puzzle}: give --pairs (stones of each colour)</source>
        <translation>{puzzle}: --pairs（各色の石の数）を指定してください</translation>
    </message>
    <message>
        <source>{puzzle}: give the secret with --secret, e.g. --secret {example}</source>
        <translation>{puzzle}: 秘密の数を --secret で指定してください（例: --secret {example}）</translation>
    </message>
    <message>
        <source>{puzzle}: more positions are reachable than its POSITIONS_BOUND ({bound:,}) declares: the Map stopped there (raise the bound to the number of positions, at most {most:,})</source>
        <translation>{puzzle}: POSITIONS_BOUND（{bound:,}）の宣言より多くの局面に到達できます: マップはそこで止まりました（上限を局面の数まで上げてください。最大 {most:,}）</translation>
    </message>
    <message>
        <source>{puzzle}: no map for this puzzle</source>
        <translation>{puzzle}: このパズルにはマップがありません</translation>
    </message>
    <message>
        <source>{puzzle}: no position reaches the goal</source>
        <translation>{puzzle}: ゴールに届く局面がありません</translation>
    </message>
    <message>
        <source>{puzzle}: no training puzzle found</source>
        <translation>{puzzle}：練習問題が見つかりません</translation>
    </message>
    <message>
        <source>{puzzle}: the search for positions {moves} moves from the goal gave up at {reason}</source>
        <translation>{puzzle}: ゴールまで {moves} 手の局面の探索は {reason} で打ち切りました</translation>
    </message>
    <message>
        <source>{puzzle}: too large to analyse ({cells} buttons; 2^{cells} press sets; at most {limit} buttons)</source>
        <translation>{puzzle}: 大きすぎて解析できません（ボタン {cells} 個、押し方 2^{cells} 通り。解析できるのはボタン {limit} 個まで）</translation>
    </message>
    <message>
        <source>{puzzle}: too many positions to analyse completely (up to {cells} cells)</source>
        <translation>{puzzle}: 局面が多すぎて完全には解析できません（{cells} マスまで）</translation>
    </message>
    <message>
        <source>{puzzle}: too many positions to map</source>
        <translation>{puzzle}: 局面が多すぎてマップを作れません</translation>
    </message>
    <message>
        <source>{reason}; no solution has fewer than {floor} moves</source>
        <translation>{reason}。{floor} 手より少ない解はありません</translation>
    </message>
    <message>
        <source>{size:,} bytes is too large (at most {limit:,})</source>
        <translation>{size:,} バイトは大きすぎます (最大 {limit:,})</translation>
    </message>
    <message>
        <source>{size:,} bytes is too large for a board file (at most {limit:,})</source>
        <translation>{size:,} バイトは盤ファイルとして大きすぎます (最大 {limit:,})</translation>
    </message>
    <message>
        <source>{source} is damaged ({detail})</source>
        <translation>{source} は壊れています ({detail})</translation>
    </message>
    <message>
        <source>{source} is damaged ({field}: {reason})</source>
        <translation>{source} は壊れています ({field}: {reason})</translation>
    </message>
    <message>
        <source>{source} is not a PegApp {what} save</source>
        <translation>{source} は PegApp の{what}のセーブファイルではありません</translation>
    </message>
    <message>
        <source>{source} was written by a newer PegApp (format version {version})</source>
        <translation>{source} は新しい PegApp で保存されています (形式バージョン {version})</translation>
    </message>
    <message>
        <source>{source}: its board is invalid: {error}</source>
        <translation>{source}: 盤の定義が正しくありません: {error}</translation>
    </message>
    <message>
        <source>{source}: {field}: {reason}</source>
        <translation>{source}: {field}: {reason}</translation>
    </message>
    <message>
        <source>{stage}…</source>
        <translation>{stage}…</translation>
    </message>
    <message>
        <source>{stage}… {seconds}&#xa0;s</source>
        <translation>{stage}… {seconds}&#xa0;秒</translation>
    </message>
    <message>
        <source>{target} L is more than the largest jug ({largest} L) holds</source>
        <translation>{target} L は最大の容器（{largest} L）に入りきりません</translation>
    </message>
    <message>
        <source>{target} L is not a multiple of {gcd} L, the greatest common divisor of the capacities, so no sequence of operations can measure it</source>
        <translation>{target} L は容量の最大公約数 {gcd} L の倍数ではないため、どんな操作でも量り取れません</translation>
    </message>
    <message>
        <source>{text!r}: digits are {first}..{last}, not {bad!r}</source>
        <translation>{text!r}: 使える数字は {first}〜{last} です（{bad!r} は使えません）</translation>
    </message>
    <message>
        <source>{text!r}: the {pegs} digits must all differ</source>
        <translation>{text!r}: {pegs} 桁の数字はすべて異なっている必要があります</translation>
    </message>
    <message>
        <source>{token!r} is not a tile number (1..{last})</source>
        <translation>{token!r} はタイルの番号ではありません（1〜{last}）</translation>
    </message>
    <message>
        <source>{value!r} is not a [dx, dy] pair of integers</source>
        <translation>{value!r} は整数の組 [dx, dy] ではありません</translation>
    </message>
    <message>
        <source>{value!r} is not a finite number</source>
        <translation>{value!r} は有限の数ではありません</translation>
    </message>
    <message>
        <source>{value!r} is not a list of [dx, dy] pairs of integers</source>
        <translation>{value!r} は整数の組 [dx, dy] のリストではありません</translation>
    </message>
    <message>
        <source>{value!r} is not a list of [from, over, to] jumps</source>
        <translation>{value!r} は跳躍 [from, over, to] のリストではありません</translation>
    </message>
    <message>
        <source>{value!r} is not a list of [x, y] pairs of numbers</source>
        <translation>{value!r} は数の組 [x, y] のリストではありません</translation>
    </message>
    <message>
        <source>{value!r} is not a position of board {board}</source>
        <translation>{value!r} は盤 {board} の局面ではありません</translation>
    </message>
    <message>
        <source>{value!r} is out of range ({low} to {high})</source>
        <translation>{value!r} は範囲外です ({low} から {high})</translation>
    </message>
    <message>
        <source>{version} is not a known format version</source>
        <translation>{version} は既知の形式バージョンではありません</translation>
    </message>
</context>
<context>
    <name>OpenWindows</name>
    <message>
        <source>%1 is damaged (%2)</source>
        <translation>%1 は壊れています (%2)</translation>
    </message>
    <message>
        <source>&amp;Window</source>
        <translation>ウィンドウ(&amp;W)</translation>
    </message>
    <message>
        <source>Game</source>
        <translation>ゲーム</translation>
    </message>
    <message>
        <source>It could not be set aside (%1).</source>
        <translation>別名で残すことができませんでした (%1)。</translation>
    </message>
    <message>
        <source>It was kept as %1.</source>
        <translation>%1 として残しました。</translation>
    </message>
    <message>
        <source>The window of %1 was not opened again: %2.</source>
        <translation>%1 のウィンドウは再び開けませんでした: %2。</translation>
    </message>
    <message>
        <source>Windows not restored</source>
        <translation>ウィンドウを復元できませんでした</translation>
    </message>
    <message>
        <source>its saved game %1 is missing or unusable, and without it the puzzle&apos;s setting “%2” is not known</source>
        <translation>保存されたゲーム %1 がないか使えず、それなしではパズルの設定「%2」がわかりません</translation>
    </message>
    <message>
        <source>not a list of PegApp windows</source>
        <translation>PegApp のウィンドウの一覧ではありません</translation>
    </message>
    <message>
        <source>windows: must be a list</source>
        <translation>windows: 一覧でなければなりません</translation>
    </message>
    <message>
        <source>windows[%1].params: must be an object</source>
        <translation>windows[%1].params: オブジェクトでなければなりません</translation>
    </message>
    <message>
        <source>windows[%1]: not an autosave file and a puzzle</source>
        <translation>windows[%1]: 自動保存のファイルとパズルではありません</translation>
    </message>
</context>
<context>
    <name>OshidoriView</name>
    <message>
        <source>Stones left to right, _ for the empty cells, e.g. %1</source>
        <extracomment>smallest comfortable cell, in pixels, before the line wraps gap between rows, in cells</extracomment>
        <translation>石を左から右へ、空きマスは _ で。例: %1</translation>
    </message>
    <message>
        <source>Goal: %1 (the empty cells, the white stones ○, then the black ●)</source>
        <extracomment>the cell under the mouse: the pair it would lift is shown at its destination the keyboard&apos;s cell, shown (dashed) once a key has moved it, with its pair&apos;s move</extracomment>
        <translation>目標: %1（空きマス、白石 ○、最後に黒石 ●）</translation>
    </message>
    <message>
        <source>Goal: %1</source>
        <translation>目標: %1</translation>
    </message>
    <message>
        <source>Move the pair at %1–%2.</source>
        <translation>%1–%2 の組を動かします。</translation>
    </message>
    <message>
        <source>Press H again to see which pair to move.</source>
        <translation>もう一度 H で動かす組を表示します。</translation>
    </message>
    <message>
        <source>%1 kinds of stones</source>
        <translation>石 %1 種類</translation>
    </message>
    <message>
        <source>black and white, %1 each</source>
        <translation>白黒 %1 個ずつ</translation>
    </message>
</context>
<context>
    <name>PegView</name>
    <message>
        <source>Animate &amp;jumps</source>
        <translation>跳びをアニメーション表示(&amp;J)</translation>
    </message>
    <message>
        <source>Show &amp;legal targets</source>
        <translation>跳べる穴を表示(&amp;L)</translation>
    </message>
    <message>
        <source>Show hole &amp;names</source>
        <translation>穴の名前を表示(&amp;N)</translation>
    </message>
    <message>
        <source>Name the holes along the board&apos;s edges (column letter, row number: d4), or number them as the articles do (Settings: Hole names)</source>
        <translation>盤の縁に穴の名前 (列の文字と行の番号: d4) を表示します。記事の番号で表すこともできます (設定の「穴の名前」)</translation>
    </message>
    <message>
        <source>&amp;Problems…</source>
        <extracomment>the Game menu&apos;s list of the board&apos;s problems with par (issue #15)</extracomment>
        <translation>問題一覧(&amp;P)…</translation>
    </message>
    <message>
        <source>Move the peg at %1.</source>
        <extracomment>analysis mode&apos;s verdicts of every legal move (None: analysis off or not ready) the peg under the mouse, whose moves&apos; verdicts alone are shown this view marks every legal move&apos;s verdict in analysis mode</extracomment>
        <translation>%1 のペグを動かします。</translation>
    </message>
    <message>
        <source>Press H again to see which peg to move.</source>
        <translation>もう一度 H で動かすペグを表示します。</translation>
    </message>
    <message>
        <source>Press H again to see the whole move.</source>
        <translation>もう一度 H で手全体を表示します。</translation>
    </message>
    <message>
        <source>Goal: leave a single peg anywhere.</source>
        <translation>目標: ペグを 1 本だけ残す (場所は自由)。</translation>
    </message>
    <message>
        <source>Goal: leave a single peg in the marked hole (%1).</source>
        <translation>目標: 印の付いた穴 (%1) にペグを 1 本だけ残す。</translation>
    </message>
    <message>
        <source>Par: %1 moves.</source>
        <translation>パー: %1 手。</translation>
    </message>
    <message>
        <source>Par: %2–%1 moves (not yet proven).</source>
        <translation>パー: %2–%1 手(まだ証明されていません)。</translation>
    </message>
    <message>
        <source>Par: at most %1 moves (the best known).</source>
        <translation>パー: %1 手以内(知られている最良)。</translation>
    </message>
    <message>
        <source>Moves: %1 · Jumps: %2 · Pegs: %3</source>
        <translation>手数: %1 · 跳び: %2 · ペグ: %3</translation>
    </message>
    <message>
        <source>%1 → %2 cannot be solved: %3. Click another hole for the last peg.</source>
        <translation>%1 → %2 は解けません: %3。最後のペグを残す穴として別の穴をクリックしてください。</translation>
    </message>
    <message>
        <source>%1 starts empty. Now click the hole where the last peg must end (%1 again: the complement problem).</source>
        <translation>%1 を空けて始めます。次に、最後のペグを残す穴をクリックしてください(もう一度 %1 をクリックすると補問題です)。</translation>
    </message>
    <message>
        <source>Click the hole that should start empty.</source>
        <translation>最初に空ける穴をクリックしてください。</translation>
    </message>
    <message>
        <source>Solved in 1 move (1 jump)!</source>
        <translation>1 手 (1 跳び) で解けました!</translation>
    </message>
    <message>
        <source>C&amp;hoose start</source>
        <extracomment>Choose start on a board with a finish: the hole clicked first (it starts empty), and (start, finish, reason) when the finish clicked next makes a problem no play solves</extracomment>
        <translation>開始位置を選ぶ(&amp;H)</translation>
    </message>
    <message>
        <source>Solved in 1 move (%2 jumps)!</source>
        <translation>1 手 (%2 跳び) で解けました!</translation>
    </message>
    <message>
        <source>Solved in %1 moves (%2 jumps)!</source>
        <translation>%1 手 (%2 跳び) で解けました!</translation>
    </message>
    <message>
        <source>Stuck: one peg left, but not in the marked hole. Undo or restart.</source>
        <translation>行き詰まり: ペグは 1 本ですが、印の穴にありません。元に戻すか、最初からやり直してください。</translation>
    </message>
    <message>
        <source>Stuck: no jump left, %1 pegs remain. Undo or restart.</source>
        <translation>行き詰まり: 跳べる手がなく、ペグが %1 本残っています。元に戻すか、最初からやり直してください。</translation>
    </message>
    <message>
        <source>Pick up a peg and jump it over a neighbour into an empty hole.</source>
        <translation>ペグを取り、隣のペグを跳び越して空いた穴に入れてください。</translation>
    </message>
    <message>
        <source>In play.</source>
        <translation>プレイ中。</translation>
    </message>
    <message>
        <source>Open &amp;board file…</source>
        <extracomment>boards come from the picker and starts from Choose start: no &quot;Size…&quot; button (the Game menu&apos;s &quot;Other size or setting…&quot; still types a start and a finish) the panel&apos;s Moves list is the game&apos;s history (PuzzleView protocol: shows_history)</extracomment>
        <translation>盤ファイルを開く(&amp;B)…</translation>
    </message>
    <message>
        <source>Board files (*.toml)</source>
        <translation>盤ファイル (*.toml)</translation>
    </message>
</context>
<context>
    <name>ProblemsDialog</name>
    <message>
        <source>Problems: %1</source>
        <translation>問題一覧: %1</translation>
    </message>
    <message>
        <source>Start with one empty hole and leave the last peg in the goal hole. Par is the fewest moves that solve the problem; a chain of jumps by one peg is one move.</source>
        <translation>穴を 1 つ空けて始め、最後のペグをゴールの穴に残します。パーは問題を解く最少の手数です。1 本のペグによる連続跳びは 1 手と数えます。</translation>
    </message>
    <message>
        <source>Possible problems</source>
        <translation>解ける問題</translation>
    </message>
    <message>
        <source>All problems</source>
        <translation>すべての問題</translation>
    </message>
    <message>
        <source>Every family</source>
        <translation>すべての種類</translation>
    </message>
    <message>
        <source>&amp;Show:</source>
        <translation>表示(&amp;S):</translation>
    </message>
    <message>
        <source>Empty hole → last peg</source>
        <translation>空ける穴 → 最後のペグ</translation>
    </message>
    <message>
        <source>Family</source>
        <translation>種類</translation>
    </message>
    <message>
        <source>Par</source>
        <translation>パー</translation>
    </message>
    <message>
        <source>Your best</source>
        <translation>あなたの最高記録</translation>
    </message>
    <message>
        <source>In par</source>
        <translation>パー達成</translation>
    </message>
    <message>
        <source>✓ when you have solved the problem in par</source>
        <translation>パーで解いた問題に ✓ が付きます</translation>
    </message>
    <message>
        <source>&amp;Play</source>
        <translation>遊ぶ(&amp;P)</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>Central game</source>
        <translation>中央ゲーム</translation>
    </message>
    <message>
        <source>Complement</source>
        <translation>補問題</translation>
    </message>
    <message>
        <source>Corner finish</source>
        <translation>角で終わる</translation>
    </message>
    <message>
        <source>, </source>
        <comment>list separator</comment>
        <translation>、</translation>
    </message>
    <message>
        <source>the finish is in another position class</source>
        <extracomment>the side of the problem&apos;s picture beside the list, in pixels the dialog&apos;s smallest size when its list&apos;s columns need no more (fit_columns) the table&apos;s columns</extracomment>
        <translation>ゴールが別の位置クラスにあります</translation>
    </message>
    <message>
        <source>no sequence of moves reaches it</source>
        <translation>どの手順でもたどり着けません</translation>
    </message>
    <message>
        <source>pegs stranded where no jump can take them</source>
        <translation>跳び越せない穴にペグが取り残される</translation>
    </message>
    <message>
        <source>a pagoda function rules it out</source>
        <translation>パゴダ関数で不可能と分かる</translation>
    </message>
    <message>
        <source>the board&apos;s own</source>
        <translation>盤の既定</translation>
    </message>
    <message>
        <source>impossible: %1</source>
        <translation>解けない: %1</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>不明</translation>
    </message>
    <message>
        <source>%1–%2</source>
        <translation>%1–%2</translation>
    </message>
    <message>
        <source>≤ %1 (best known)</source>
        <translation>≤ %1 (既知の最善)</translation>
    </message>
    <message>
        <source>impossible</source>
        <translation>解けない</translation>
    </message>
    <message>
        <source>Proven: no solution has fewer moves.</source>
        <translation>証明済み: これより少ない手数の解はありません。</translation>
    </message>
    <message>
        <source>Par is the best known, not yet proven the fewest: the search that made this list stopped (%1) before it could rule out a shorter solution.</source>
        <translation>パーは知られている最善の手数で、最少とはまだ証明されていません。この一覧を作った探索は、より短い解がないことを確かめる前に止まりました(%1)。</translation>
    </message>
    <message>
        <source>Par is the best known, not yet proven the fewest.</source>
        <translation>パーは知られている最善の手数で、最少とはまだ証明されていません。</translation>
    </message>
    <message>
        <source>The best solution known has %1 moves.</source>
        <translation>知られている最善の解は %1 手です。</translation>
    </message>
    <message>
        <source>No solution has fewer than %1 moves.</source>
        <translation>%1 手より少ない解はありません。</translation>
    </message>
    <message>
        <source>Problems of %1</source>
        <translation>%1の問題</translation>
    </message>
    <message>
        <source>Solved in par once</source>
        <translation>パーで 1 回解きました</translation>
    </message>
    <message>
        <source>Solved in par %1 times</source>
        <translation>パーで %1 回解きました</translation>
    </message>
    <message>
        <source>%1 of %2 problems shown · %3 possible</source>
        <translation>%2 問中 %1 問を表示 · 解ける問題 %3 問</translation>
    </message>
    <message>
        <source>The problem list cannot be used: %1</source>
        <translation>問題一覧を使えません: %1</translation>
    </message>
    <message>
        <source>No problem list comes with this board.</source>
        <translation>この盤には問題一覧がありません。</translation>
    </message>
    <message>
        <source>No list comes with this board: these were worked out now.</source>
        <translation>この盤には問題一覧が付いていないため、いま求めました。</translation>
    </message>
    <message>
        <source>Working out the problems of this board…</source>
        <translation>この盤の問題を求めています…</translation>
    </message>
    <message>
        <source>Where the fewest is not proven yet, Par gives a range: 21–23 means that no solution has fewer than 21 moves and the best known has 23.</source>
        <translation>最少がまだ証明されていない問題では、パーを範囲で示します。21–23 は、21 手未満の解はなく、知られている最善の解が 23 手であることを表します。</translation>
    </message>
    <message>
        <source>Empty at the start: hole %1. Goal: the last peg in hole %2 (the marked hole).</source>
        <translation>最初に空ける穴: %1。目標: 最後のペグを穴 %2 (印の付いた穴) に残す。</translation>
    </message>
    <message>
        <source>Par: %1</source>
        <translation>パー: %1</translation>
    </message>
    <message>
        <source>Your best: %1 moves</source>
        <translation>あなたの最高記録: %1 手</translation>
    </message>
    <message>
        <source>✓ Solved in par.</source>
        <translation>✓ パーで解きました。</translation>
    </message>
    <message>
        <source>Not solved yet.</source>
        <translation>まだ解いていません。</translation>
    </message>
</context>
<context>
    <name>PuzzleView</name>
    <message>
        <source>Move the piece marked on the board.</source>
        <extracomment>a list of moves to play in order (sliding several tiles is several moves) (puzzle id, params): the player asks for another start of the family from the view (a start hole, a mode); the window asks before abandoning the game the view&apos;s own status text (status_text) changed without a move: the window shows it again the settings (pegapp.ui.settings_dialog keys) the view follows besides the theme, declared as a puzzle declares ABILITIES: &quot;view/animate&quot; (animations_enabled), &quot;view/animation_ms&quot; (animation_ms), &quot;view/show_targets&quot; (show_targets), &quot;view/hole_labels&quot; (show_labels) the view failed (an exception in its drawing or input, caught by pegapp.ui.views.guard), with the words failure_text() gives; emitted once, the window says it beside the board the exception that switched the view off (guard), or None: a failed view draws a panel saying why and takes no input drawn for an export sheet, not a window (export_states sets it): a diagram is read at a third of the window&apos;s size, so a view may lay out for that (bigger cells, bigger labels) and leave out what only a player at the window needs (instructions)</extracomment>
        <translation>盤上で印の付いた駒を動かします。</translation>
    </message>
    <message>
        <source>Press H again to see the whole move.</source>
        <translation>もう一度 H で手全体を表示します。</translation>
    </message>
    <message>
        <source>The board of %1 failed and is switched off: %2
Your game is kept: save it, or open another game.</source>
        <extracomment>the attribute a wrapped handler carries (a subclass inherits wrapped handlers: not twice)</extracomment>
        <translation>%1 の盤面の表示に失敗したため、表示を停止しました: %2
ゲームは保持されています。保存するか、別のゲームを開いてください。</translation>
    </message>
</context>
<context>
    <name>QAbstractFileIconProvider</name>
    <message>
        <source>Drive</source>
        <translation>ドライブ</translation>
    </message>
    <message>
        <source>Folder</source>
        <comment>All other platforms</comment>
        <translation>フォルダー</translation>
    </message>
</context>
<context>
    <name>QFileDialog</name>
    <message>
        <source>&amp;Look in:</source>
        <translation>場所(&amp;L):</translation>
    </message>
    <message>
        <source>Files of &amp;type:</source>
        <translation>ファイルの種類(&amp;T):</translation>
    </message>
</context>
<context>
    <name>ReplayPanel</name>
    <message>
        <source>First</source>
        <extracomment>lines of the solution&apos;s list always shown, however small the window as wide as a digit in every font a numbered row&apos;s number (&quot; 7. &quot;), before its text how a row&apos;s text is laid out: from the top left, wrapped at spaces (and in Japanese anywhere) (previous step, new step); step k = the position after k moves of the solution per move, how many moves were as good at that point (None: not known)</extracomment>
        <translation>最初へ</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>1 手戻る</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>再生</translation>
    </message>
    <message>
        <source>Forward</source>
        <translation>1 手進む</translation>
    </message>
    <message>
        <source>Last</source>
        <translation>最後へ</translation>
    </message>
    <message>
        <source>Replay speed</source>
        <translation>再生速度</translation>
    </message>
    <message>
        <source>Play from here</source>
        <translation>ここから遊ぶ</translation>
    </message>
    <message>
        <source>Continue the game yourself from this step</source>
        <translation>この手から自分で続けます</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>閉じる</translation>
    </message>
    <message>
        <source>Back to the game</source>
        <translation>ゲームに戻ります</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>書き出し…</translation>
    </message>
    <message>
        <source>Save the solution as a picture sheet (PNG, SVG, PDF)</source>
        <translation>解答を図の一覧として保存 (PNG、SVG、PDF)</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>コピー</translation>
    </message>
    <message>
        <source>Copy the solution&apos;s notation</source>
        <translation>解答の棋譜をコピー</translation>
    </message>
    <message>
        <source>   start</source>
        <translation>   開始</translation>
    </message>
    <message>
        <source>the only best move</source>
        <translation>唯一の最善手</translation>
    </message>
    <message>
        <source>one of %1 best</source>
        <translation>最善手 %1 つのうちの1つ</translation>
    </message>
    <message>
        <source>How many other moves were just as good at this point (as few moves left after them)</source>
        <translation>この局面で同じく良い手(その後の残り手数が同じ手)がほかにいくつあったか</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>一時停止</translation>
    </message>
</context>
<context>
    <name>ReviewWindow</name>
    <message>
        <source>Game review</source>
        <translation>対局の振り返り</translation>
    </message>
    <message>
        <source>Reviewing…</source>
        <translation>振り返り中…</translation>
    </message>
    <message>
        <source>Move</source>
        <translation>手</translation>
    </message>
    <message>
        <source>Before</source>
        <translation>前</translation>
    </message>
    <message>
        <source>After</source>
        <translation>後</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>損失</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>評価</translation>
    </message>
    <message>
        <source>Best move</source>
        <translation>最善手</translation>
    </message>
    <message>
        <source>Play from here</source>
        <translation>ここから指し直す</translation>
    </message>
    <message>
        <source>Export text…</source>
        <translation>テキストに書き出す…</translation>
    </message>
    <message>
        <source>Export image…</source>
        <translation>画像に書き出す…</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>不明</translation>
    </message>
    <message>
        <source>played 1 move</source>
        <translation>実際 1 手</translation>
    </message>
    <message>
        <source>played %1 moves</source>
        <translation>実際 %1 手</translation>
    </message>
    <message>
        <source>1 turning point</source>
        <translation>転換点 1 か所</translation>
    </message>
    <message>
        <source>%1 turning points</source>
        <translation>転換点 %1 か所</translation>
    </message>
    <message>
        <source>Par %1, %2; %3</source>
        <comment>par, moves played, turning points</comment>
        <translation>最少 %1 手、%2。%3</translation>
    </message>
    <message>
        <source>solving position %1 of %2…</source>
        <translation>局面 %1 / %2 を解析中…</translation>
    </message>
    <message>
        <source>some values are not proven</source>
        <translation>一部の値は未証明です</translation>
    </message>
    <message>
        <source>dead end</source>
        <translation>行き止まり</translation>
    </message>
    <message>
        <source>≤ %1</source>
        <translation>%1 以下</translation>
    </message>
    <message>
        <source>best</source>
        <translation>最善</translation>
    </message>
    <message>
        <source>slower by %1</source>
        <translation>%1 手遅い</translation>
    </message>
    <message>
        <source>turned a win into a dead end</source>
        <translation>勝てる局面を行き止まりにした</translation>
    </message>
    <message>
        <source>already lost</source>
        <translation>すでに行き止まり</translation>
    </message>
    <message>
        <source>Export review</source>
        <translation>振り返りを書き出す</translation>
    </message>
    <message>
        <source>Text (*.txt)</source>
        <translation>テキスト (*.txt)</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG 画像 (*.png)</translation>
    </message>
    <message>
        <source>Cannot write %1</source>
        <translation>%1 に書き込めません</translation>
    </message>
    <message>
        <source>%1: a guessing game has no distance to review move by move</source>
        <translation>%1: 推理ゲームには一手ずつ振り返るゴールまでの距離がありません</translation>
    </message>
    <message>
        <source>%1: no move has been played in this game</source>
        <translation>%1: この対局ではまだ一手も打たれていません</translation>
    </message>
    <message>
        <source>Cannot review game</source>
        <translation>対局を振り返れません</translation>
    </message>
    <message>
        <source>Game review: %1</source>
        <translation>対局の振り返り: %1</translation>
    </message>
    <message>
        <source>PegApp game (*.json)</source>
        <translation>PegApp のゲーム (*.json)</translation>
    </message>
    <message>
        <source>Review a saved game</source>
        <translation>保存した対局を振り返る</translation>
    </message>
</context>
<context>
    <name>RotateView</name>
    <message>
        <source>Tiles 1 to 9 row by row, e.g. %1</source>
        <translation>1〜9 のタイルを行ごとに。例: %1</translation>
    </message>
</context>
<context>
    <name>Rules</name>
    <message>
        <source>Jump a peg over a neighbouring peg into an empty hole; the jumped peg is removed. Leave a single peg, on the marked hole when the board has one.</source>
        <translation>ペグで隣のペグを跳び越し、その先の空いた穴に移ります。跳び越されたペグは取り除かれます。ペグを 1 本だけ残せば完成です (盤に印の穴があるときは、その穴に残します)。</translation>
    </message>
    <message>
        <source>Find the secret of 4 pegs in 6 colours (colours may repeat); each guess is scored in black pegs (right colour, right place) and white pegs (right colour, wrong place). Or let the computer find yours.</source>
        <extracomment>Mastermind shares the guessing family (and its window) with bulls and cows, not its rules.</extracomment>
        <translation>6 色のピン 4 本からなる秘密のコード (同じ色を何度使ってもかまいません) を当てます。推測ごとに、黒ピン (色も位置も正しい) と白ピン (色は正しいが位置が違う) の数が返されます。あなたの秘密のコードをコンピューターに当てさせることもできます。</translation>
    </message>
    <message>
        <source>Slide tiles into the blank until they are in order, blank last. A click on a tile in the blank&apos;s row or column slides all the tiles between (one move per tile).</source>
        <translation>タイルを空白へ滑らせ、番号順 (空白は最後) に並べます。空白と同じ行か列のタイルをクリックすると、その間のタイルがまとめて動きます (タイル 1 枚につき 1 手)。</translation>
    </message>
    <message>
        <source>Pressing a button flips its up to eight neighbours, not itself. Turn every light off.</source>
        <translation>ボタンを押すと、そのボタン自身ではなく周りの最大 8 個がめくれます。すべてのライトを消してください。</translation>
    </message>
    <message>
        <source>Each move turns the three tiles on a line through the centre. Put 1 to 9 in order.</source>
        <translation>1 手で、中央を通る直線上の 3 枚のタイルを回します。1 から 9 を順番に並べてください。</translation>
    </message>
    <message>
        <source>Lift two neighbouring stones, keeping their order, into the two empty cells. With kinds of stones: the stones in order of their numbers, equal ones side by side (1 1 2 2 3 3), empty cells last. Black and white: empty cells first, then the white stones, then the black.</source>
        <translation>隣り合う 2 個の石を、順番を変えずに 2 つの空きマスへ移します。種類のある石では、番号の順に同じ石どうしを隣に並べ(1 1 2 2 3 3)、空きマスを最後に。白黒では、空きマスを最初に、次に白石、最後に黒石を並べてください。</translation>
    </message>
    <message>
        <source>Fill, empty or pour jugs (no markings, unlimited water) until one holds the target.</source>
        <translation>容器 (目盛りなし、水は無制限) を満たす・空にする・別の容器に注ぐ、を繰り返して、どれかの容器に目標の量を量り取ってください。</translation>
    </message>
    <message>
        <source>Find the secret of 4 different digits; each guess is scored in bulls (right digit, right place) and cows (right digit, wrong place). Or let the computer find yours.</source>
        <translation>異なる 4 桁の数字の秘密の数を当てます。推測ごとに、ヒット (数字も位置も正しい) とブロー (数字は正しいが位置が違う) の数が返されます。あなたの秘密の数をコンピューターに当てさせることもできます。</translation>
    </message>
</context>
<context>
    <name>RulesDialog</name>
    <message>
        <source>Rules</source>
        <translation>遊び方</translation>
    </message>
</context>
<context>
    <name>SaveAndLoad</name>
    <message>
        <source>Cannot load game</source>
        <translation>ゲームを読み込めません</translation>
    </message>
    <message>
        <source>Cannot save</source>
        <extracomment>the first window&apos;s autosave: the last game, whatever its family (the name of the peg window&apos;s autosave before there was one window, so an old autosave is continued) how often the play time goes to the statistics while nothing is played (thinking counts) this window&apos;s own autosave file while it is open (open_windows) autosaves that could not be read but may be intact: left in place, never written over the window closes: nothing is scheduled or said any more why the last autosave failed, told once in the status bar (&quot;&quot; when it was written)</extracomment>
        <translation>保存できません</translation>
    </message>
    <message>
        <source>Load game</source>
        <translation>ゲームを読み込む</translation>
    </message>
    <message>
        <source>%1 was changed by another copy of PegApp; this window&apos;s game was saved as %2.</source>
        <translation>%1 はもう一つの PegApp に変更されていました。このウィンドウのゲームは %2 に保存しました。</translation>
    </message>
    <message>
        <source>The game could not be saved (%1). The last saved game is kept; saving is tried again at the next move.</source>
        <translation>ゲームを保存できませんでした (%1)。最後に保存したゲームはそのまま残っています。次の手で再び保存を試みます。</translation>
    </message>
    <message>
        <source>Saved game not restored</source>
        <translation>保存したゲームを復元できませんでした</translation>
    </message>
    <message>
        <source>%1
The file was left in place; this window will not save over it.</source>
        <translation>%1
ファイルはそのまま残してあります。このウィンドウはこのファイルに上書き保存しません。</translation>
    </message>
    <message>
        <source>%1
The file could not be renamed (%2); it was left in place and this window will not save over it.</source>
        <translation>%1
ファイルの名前を変更できませんでした (%2)。ファイルはそのまま残してあり、このウィンドウはこのファイルに上書き保存しません。</translation>
    </message>
    <message>
        <source>%1
The file was kept as %2.</source>
        <translation>%1
ファイルは %2 として残してあります。</translation>
    </message>
    <message>
        <source>PegApp game (*.json)</source>
        <translation>PegApp のゲーム (*.json)</translation>
    </message>
    <message>
        <source>Save game</source>
        <translation>ゲームを保存</translation>
    </message>
</context>
<context>
    <name>SearchChart</name>
    <message>
        <source>%1 moves</source>
        <translation>%1 手</translation>
    </message>
    <message>
        <source>%1: choose a file ending in .png or .svg</source>
        <translation>%1: 拡張子が .png か .svg のファイルを選んでください</translation>
    </message>
    <message>
        <source>1 move</source>
        <translation>1 手</translation>
    </message>
    <message>
        <source>Across: moves, from your position (left) and back from the goal (right). Up: the positions of each level, on a log scale.</source>
        <translation>横: 手数 (左はあなたの局面から、右はゴールからさかのぼって)。縦: 各段の局面の数 (対数目盛)。</translation>
    </message>
    <message>
        <source>Cannot export</source>
        <translation>書き出せません</translation>
    </message>
    <message>
        <source>Export chart</source>
        <translation>グラフの書き出し</translation>
    </message>
    <message>
        <source>Export chart…</source>
        <translation>グラフを書き出す…</translation>
    </message>
    <message>
        <source>From the problem catalogue: %1</source>
        <translation>問題集より: %1</translation>
    </message>
    <message>
        <source>How it was found</source>
        <translation>解の見つけ方</translation>
    </message>
    <message>
        <source>Looked up in a table of all %1 positions.</source>
        <translation>全 %1 局面の表から引きました。</translation>
    </message>
    <message>
        <source>Looked up in a table of all %1 positions: yours is %2 from the goal.</source>
        <translation>全 %1 局面の表から引きました。この局面はゴールまで %2です。</translation>
    </message>
    <message>
        <source>Save this chart as PNG or SVG</source>
        <translation>このグラフを PNG または SVG で保存します</translation>
    </message>
    <message>
        <source>Searched %1 ahead from your position in %4 deepening passes, a bar each; %2 positions looked at, %3 s.</source>
        <translation>あなたの局面から %1先まで、%4 回の反復深化で探索しました (棒 1 本が 1 回)。調べた局面 %2 個、%3 秒。</translation>
    </message>
    <message>
        <source>Searched %1 ahead from your position; %2 positions looked at, %3 s.</source>
        <translation>あなたの局面から %1先まで探索しました。調べた局面 %2 個、%3 秒。</translation>
    </message>
    <message>
        <source>Searched %1 forward and %2 back without meeting; %3 positions, %4 s.</source>
        <translation>あなたの局面から %1、ゴールから %2 探索しましたが、両側は出会いませんでした。局面 %3 個、%4 秒。</translation>
    </message>
    <message>
        <source>Searched %1 forward from your position and %2 back from the goal; %3 positions, %4 s.</source>
        <translation>あなたの局面から %1先、ゴールから %2さかのぼって探索しました。局面 %3 個、%4 秒。</translation>
    </message>
    <message>
        <source>Searched %1 positions a jump at a time; none leads to the goal. %2 s.</source>
        <translation>1 回ずつのジャンプで局面 %1 個を調べましたが、どれもゴールに届きません。%2 秒。</translation>
    </message>
    <message>
        <source>Searching: %1 levels from your position, %2 back from the goal so far…</source>
        <translation>探索中: ここまでにあなたの局面から %1 段、ゴールから %2 段…</translation>
    </message>
    <message>
        <source>largest level %1</source>
        <translation>最大の段 %1</translation>
    </message>
    <message>
        <source>met</source>
        <translation>出会い</translation>
    </message>
    <message>
        <source>the goal →</source>
        <translation>ゴール →</translation>
    </message>
    <message>
        <source>you</source>
        <translation>ここ</translation>
    </message>
    <message>
        <source>← farther from the goal</source>
        <translation>← ゴールから遠い</translation>
    </message>
    <message>
        <source>← your position</source>
        <translation>← あなたの局面</translation>
    </message>
</context>
<context>
    <name>Settings</name>
    <message>
        <source>%1 is not a regular file (a folder, a pipe or a device). The default settings are used, and changes are not kept.</source>
        <extracomment>key -&gt; default; the types of the defaults are the types stored the numbers a setting may hold (what the dialog&apos;s spin boxes allow) the values a text setting may hold</extracomment>
        <translation>%1 は通常のファイルではありません (フォルダー、パイプ、デバイス)。既定の設定を使います。変更は保存されません。</translation>
    </message>
    <message>
        <source>%1 cannot be used (%2). The default settings are used, and changes are not kept.</source>
        <translation>%1 は使えません (%2)。既定の設定を使います。変更は保存されません。</translation>
    </message>
    <message>
        <source>%1 cannot be read or written. The default settings are used, and changes are not kept.</source>
        <translation>%1 を読み書きできません。既定の設定を使います。変更は保存されません。</translation>
    </message>
    <message>
        <source>%1 is damaged. The settings that could be read from it are used, the others are the defaults.</source>
        <translation>%1 は壊れています。読み取れた設定はそのまま使い、それ以外は既定値を使います。</translation>
    </message>
    <message>
        <source>A copy was kept as %1.</source>
        <translation>コピーを %1 として残してあります。</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>設定</translation>
    </message>
    <message>
        <source>Animate moves</source>
        <translation>手をアニメーション表示する</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ミリ秒</translation>
    </message>
    <message>
        <source>How long one jump takes on screen</source>
        <translation>1 回の跳びを画面に表示する時間</translation>
    </message>
    <message>
        <source>Show the holes a picked-up peg can jump to</source>
        <translation>取ったペグが跳べる穴を表示する</translation>
    </message>
    <message>
        <source>Ask before abandoning a game in progress</source>
        <translation>途中のゲームを破棄する前に確認する</translation>
    </message>
    <message>
        <source>Show the hole names along the board&apos;s edges</source>
        <translation>盤の縁に穴の名前を表示する</translation>
    </message>
    <message>
        <source>Board coordinates (d4)</source>
        <translation>盤の座標 (d4)</translation>
    </message>
    <message>
        <source>Article numbers (0, 1, 2…)</source>
        <translation>記事の番号 (0, 1, 2…)</translation>
    </message>
    <message>
        <source>How hints and the move list name holes and buttons: a column letter and a row number read off the board&apos;s edges, or the numbering of the articles the puzzles come from (the notation of copied and exported solutions and of the command line)</source>
        <translation>ヒントと手順の一覧で穴やボタンをどう呼ぶか: 盤の縁から読める列の文字と行の番号、またはパズルの出典の記事の番号 (コピーやエクスポートした解とコマンドラインの表記) です</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>システムの設定</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>システムに合わせる</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>ライト</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>ダーク</translation>
    </message>
    <message>
        <source>A new language takes effect when PegApp restarts.</source>
        <translation>言語の変更は PegApp の再起動後に反映されます。</translation>
    </message>
    <message>
        <source> GB</source>
        <translation> GB</translation>
    </message>
    <message>
        <source>The most memory a search may use before it gives up</source>
        <translation>探索が打ち切られるまでに使えるメモリの上限</translation>
    </message>
    <message>
        <source>Think ahead while I play</source>
        <translation>遊んでいる間に先読みする</translation>
    </message>
    <message>
        <source>Once you have asked for a hint in a game, the solver works out the next hint in the background after each move, so it is ready when you ask</source>
        <translation>ゲームで一度ヒントを求めると、以後は一手ごとに次のヒントをソルバーが裏で求めておくので、尋ねたときにすぐ出ます</translation>
    </message>
    <message>
        <source>Hints show the whole move at once</source>
        <translation>ヒントで最初から手全体を表示する</translation>
    </message>
    <message>
        <source>Off: the first press of Hint says how far the goal is, the second marks the piece to move, the third shows the move</source>
        <translation>オフ: ヒントを 1 回押すとゴールまでの距離、2 回目で動かす駒、3 回目で手を表示します</translation>
    </message>
    <message>
        <source>Board</source>
        <translation>盤</translation>
    </message>
    <message>
        <source>Animation time:</source>
        <translation>アニメーション時間:</translation>
    </message>
    <message>
        <source>Hole names:</source>
        <translation>穴の名前:</translation>
    </message>
    <message>
        <source>Program</source>
        <translation>プログラム</translation>
    </message>
    <message>
        <source>Language:</source>
        <translation>言語:</translation>
    </message>
    <message>
        <source>Colours:</source>
        <translation>配色:</translation>
    </message>
    <message>
        <source>Solver</source>
        <translation>ソルバー</translation>
    </message>
    <message>
        <source>Memory budget:</source>
        <translation>メモリ上限:</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <source>Every game window</source>
        <extracomment>(section, [(keys, what they do)]); the real shortcuts of game_window and the views (pegapp/ui/views; tests check the menus&apos; against this list).</extracomment>
        <translation>すべてのゲームウィンドウ</translation>
    </message>
    <message>
        <source>Load a saved game</source>
        <translation>保存したゲームを読み込む</translation>
    </message>
    <message>
        <source>Save the game</source>
        <translation>ゲームを保存</translation>
    </message>
    <message>
        <source>Restart (undoable)</source>
        <translation>最初から (元に戻せます)</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>元に戻す</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>やり直す</translation>
    </message>
    <message>
        <source>Solve from here and replay</source>
        <translation>ここから解いて再生</translation>
    </message>
    <message>
        <source>New game</source>
        <translation>新しいゲーム</translation>
    </message>
    <message>
        <source>Hint: how far the goal is; again, the piece; again, the move</source>
        <translation>ヒント: ゴールまでの手数、もう一度で動かす駒、さらにもう一度で手全体</translation>
    </message>
    <message>
        <source>Cancel the search</source>
        <translation>探索を中止</translation>
    </message>
    <message>
        <source>Map of every position</source>
        <translation>全局面のマップ</translation>
    </message>
    <message>
        <source>Replay: first or last step</source>
        <translation>再生: 最初または最後の手</translation>
    </message>
    <message>
        <source>Replay: a step back or forward</source>
        <translation>再生: 1 手戻る・進む</translation>
    </message>
    <message>
        <source>Replay: play or pause</source>
        <translation>再生: 再生・一時停止</translation>
    </message>
    <message>
        <source>After a win: replay the shortest solution from the start</source>
        <translation>勝った後: 最短の解を最初から再生</translation>
    </message>
    <message>
        <source>Analysis mode: mark every move with its verdict</source>
        <translation>解析モード: すべての手に評価を表示</translation>
    </message>
    <message>
        <source>Close a puzzle window</source>
        <translation>パズルのウィンドウを閉じる</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>終了</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>設定</translation>
    </message>
    <message>
        <source>Rules of the puzzles</source>
        <translation>パズルの遊び方</translation>
    </message>
    <message>
        <source>Peg solitaire board</source>
        <translation>ペグ・ソリテアの盤</translation>
    </message>
    <message>
        <source>Move the cursor along the row</source>
        <translation>カーソルを行に沿って動かす</translation>
    </message>
    <message>
        <source>Move the cursor to the row above or below</source>
        <translation>カーソルを上または下の行へ動かす</translation>
    </message>
    <message>
        <source>Pick up the peg under the cursor, or jump to it</source>
        <translation>カーソル位置のペグを取る、またはその穴へ跳ぶ</translation>
    </message>
    <message>
        <source>Put the picked-up peg down</source>
        <translation>取ったペグを置く</translation>
    </message>
    <message>
        <source>Other puzzles</source>
        <translation>ほかのパズル</translation>
    </message>
    <message>
        <source>Sliding tiles: slide the tile next to the blank that way</source>
        <translation>スライドパズル: 空白の隣のタイルをその向きに滑らせる</translation>
    </message>
    <message>
        <source>Rotation puzzle: turn the line towards that cell (1 2 3 the top row, as on a phone)</source>
        <translation>回転パズル: そのマスへ向けて列を回す (1 2 3 が上の段、電話の並び)</translation>
    </message>
    <message>
        <source>8-flip: move the cursor</source>
        <translation>8めくり: カーソルを動かす</translation>
    </message>
    <message>
        <source>8-flip: press the button under the cursor</source>
        <translation>8めくり: カーソル位置のボタンを押す</translation>
    </message>
    <message>
        <source>Stone pairs: move the cursor along the line</source>
        <translation>おしどり: カーソルを列に沿って動かす</translation>
    </message>
    <message>
        <source>Stone pairs: the cursor to the first or last cell</source>
        <translation>おしどり: カーソルを最初または最後のマスへ</translation>
    </message>
    <message>
        <source>Stone pairs: move the pair at the cursor into the empty cells</source>
        <translation>おしどり: カーソルの位置の2個を空いたマスへ動かす</translation>
    </message>
    <message>
        <source>Water jugs: pick a jug; a second number pours into that jug</source>
        <translation>水差し問題: 容器を選ぶ (続けて別の番号を押すとその容器へ注ぐ)</translation>
    </message>
    <message>
        <source>Water jugs: fill or empty the picked jug</source>
        <translation>水差し問題: 選んだ容器を満たす/空にする</translation>
    </message>
    <message>
        <source>Bulls and cows: submit your guess</source>
        <translation>数当て: 推測を送る</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>キーボードショートカット</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>キー</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
</context>
<context>
    <name>SlideView</name>
    <message>
        <source>On this size a shortest solution can take the solver many minutes or hours: Hint and Solve say how far they got, and Cancel stops them.</source>
        <translation>この大きさでは最短解の探索に数十分から数時間かかることがあります。ヒントと解答は途中経過を示し、キャンセルで止められます。</translation>
    </message>
    <message>
        <source>Tiles row by row, 0 for the blank, e.g. %1</source>
        <translation>タイルを行ごとに、空白は 0 で。例: %1</translation>
    </message>
    <message>
        <source>Slide tile %1.</source>
        <translation>タイル %1 を動かします。</translation>
    </message>
    <message>
        <source>Press H again to see which tile to slide.</source>
        <translation>もう一度 H で動かすタイルを表示します。</translation>
    </message>
    <message>
        <source>The blank: click a tile in its row or column to slide it here.</source>
        <translation>空白: 同じ行か列のタイルをクリックすると、ここへ滑らせます。</translation>
    </message>
    <message>
        <source>Tile %1 is in place: tiles already on their goal square are drawn darker.</source>
        <translation>タイル %1 は正しい位置にあります。正しい位置にあるタイルは濃い色で表示されます。</translation>
    </message>
    <message>
        <source>Tile %1 belongs in row %2, column %3 (tiles already in place are drawn darker).</source>
        <translation>タイル %1 の正しい位置は %2 行 %3 列目です (正しい位置にあるタイルは濃い色で表示されます)。</translation>
    </message>
</context>
<context>
    <name>SolveAssistant</name>
    <message>
        <source>Searching…</source>
        <extracomment>solve(state, progress, stop) -&gt; SolveResult the kind of a search nobody has asked for yet (SolveAssistant.ponder): silent until a question about its position takes it over kind (&quot;hint&quot;, &quot;solve&quot;, or a caller&apos;s own), the state asked about, the answer the running search&apos;s record, each time it completes a level (the live chart) (problem key, state) -&gt; SolveResult; kept for the session the last answer on the way that a search in the background gave (a winning move before the proof), shown when a question takes the search over</extracomment>
        <translation>探索中…</translation>
    </message>
    <message>
        <source>solve() answered a %1, not a SolveResult</source>
        <translation>solve() が SolveResult ではなく %1 を返しました</translation>
    </message>
    <message>
        <source>solved</source>
        <translation>解けました</translation>
    </message>
    <message>
        <source>there is no solution</source>
        <translation>解はありません</translation>
    </message>
    <message>
        <source>the search needs more memory than the budget allows</source>
        <translation>探索に必要なメモリが上限を超えます</translation>
    </message>
    <message>
        <source>the search was stopped</source>
        <translation>探索を中止しました</translation>
    </message>
    <message>
        <source>The computer&apos;s strategy against this secret: 1 move</source>
        <translation>この秘密に対するコンピューターの戦略: 1 手</translation>
    </message>
    <message>
        <source>The computer&apos;s strategy against this secret: %1 moves</source>
        <translation>この秘密に対するコンピューターの戦略: %1 手</translation>
    </message>
    <message>
        <source>Minimum solution: 1 move</source>
        <translation>最短解: 1 手</translation>
    </message>
    <message>
        <source>Minimum solution: %1 moves</source>
        <translation>最短解: %1 手</translation>
    </message>
    <message>
        <source>A solution in %1 moves (not proven minimal)</source>
        <translation>%1 手の解 (最短かどうかは未証明)</translation>
    </message>
    <message>
        <source>Why: %1</source>
        <translation>理由: %1</translation>
    </message>
    <message>
        <source>Why not proven: %1</source>
        <translation>証明されていない理由: %1</translation>
    </message>
    <message>
        <source>The goal cannot be reached from this position.</source>
        <translation>この局面からは目標に到達できません。</translation>
    </message>
    <message>
        <source>No answer: %1</source>
        <translation>答えがありません: %1</translation>
    </message>
    <message>
        <source>Already solved.</source>
        <translation>すでに解けています。</translation>
    </message>
    <message>
        <source>Hint: %1 — going on with your move finishes the game.</source>
        <translation>ヒント: %1 — あなたの手を続けるとそのまま完成します。</translation>
    </message>
    <message>
        <source>Hint: %1 — the proven best.</source>
        <translation>ヒント: %1 — 証明済みの最善手。</translation>
    </message>
    <message>
        <source>Hint: %1.</source>
        <translation>ヒント: %1。</translation>
    </message>
    <message>
        <source>Hint: %1 — the last move.</source>
        <translation>ヒント: %1 — これが最後の手です。</translation>
    </message>
    <message>
        <source>Hint: %1 — then 1 move remains at best.</source>
        <translation>ヒント: %1 — その後、最短であと 1 手です。</translation>
    </message>
    <message>
        <source>Hint: %1 — then %2 moves remain at best.</source>
        <translation>ヒント: %1 — その後、最短であと %2 手です。</translation>
    </message>
    <message>
        <source>Hint: %1 — wins (a solution in 1 move); looking for the shortest…</source>
        <translation>ヒント: %1 — 勝てる手です(1 手の解あり)。最短を探しています…</translation>
    </message>
    <message>
        <source>Hint: %1 — wins (a solution in %2 moves); looking for the shortest…</source>
        <translation>ヒント: %1 — 勝てる手です(%2 手の解あり)。最短を探しています…</translation>
    </message>
    <message>
        <source>Hint: %1 — from a solution in 1 move (not proven minimal).</source>
        <translation>ヒント: %1 — 1 手の解より (最短かどうかは未証明)。</translation>
    </message>
    <message>
        <source>Hint: %1 — from a solution in %2 moves (not proven minimal).</source>
        <translation>ヒント: %1 — %2 手の解より (最短かどうかは未証明)。</translation>
    </message>
    <message>
        <source>Dead end: the goal cannot be reached from this position.</source>
        <translation>行き詰まりです: この局面からはゴールに届きません。</translation>
    </message>
    <message>
        <source>The best next guess is ready.</source>
        <translation>次の最善の推測が用意できました。</translation>
    </message>
    <message>
        <source>At best %1 more guesses on average, %2 at most, the next one included.</source>
        <translation>最善で平均あと %1 回、最大 %2 回の推測です (次の推測を含む)。</translation>
    </message>
    <message>
        <source>You can win by going on with your move.</source>
        <translation>今動かしたペグで跳び続ければ勝てます。</translation>
    </message>
    <message>
        <source>You can still win: 1 move at best.</source>
        <translation>まだ勝てます: 最短であと 1 手です。</translation>
    </message>
    <message>
        <source>You can still win: %1 moves at best.</source>
        <translation>まだ勝てます: 最短であと %1 手です。</translation>
    </message>
    <message>
        <source>You can still win (a solution in 1 move); looking for the shortest…</source>
        <translation>まだ勝てます (1 手の解があります)。最短を探しています…</translation>
    </message>
    <message>
        <source>You can still win (a solution in %1 moves); looking for the shortest…</source>
        <translation>まだ勝てます (%1 手の解があります)。最短を探しています…</translation>
    </message>
    <message>
        <source>You can still win: a solution in 1 move (not proven minimal).</source>
        <translation>まだ勝てます: 1 手の解があります (最短とは証明されていません)。</translation>
    </message>
    <message>
        <source>You can still win: a solution in %1 moves (not proven minimal).</source>
        <translation>まだ勝てます: %1 手の解があります (最短とは証明されていません)。</translation>
    </message>
</context>
<context>
    <name>SolveFlow</name>
    <message>
        <source>apply() changed the state it was given (states are immutable: apply returns a new one)</source>
        <translation>apply() が渡された局面を書き換えました(局面は不変です: apply は新しい局面を返します)</translation>
    </message>
    <message>
        <source>its states are not hashable (%1: %2); states are immutable, hashable values</source>
        <extracomment>the hint shown: (result, state, words, step), said again by reword a winning line shown before its proof: (kind, state, result), what Cancel keeps the replay panel&apos;s counts of equally good moves (choices_along), its own worker</extracomment>
        <translation>局面がハッシュ可能ではありません(%1: %2)。局面は不変でハッシュ可能な値です</translation>
    </message>
    <message>
        <source>The solver of %1 failed: %2</source>
        <translation>%1 のソルバーが失敗しました: %2</translation>
    </message>
    <message>
        <source>The solver failed: %1</source>
        <translation>ソルバーが失敗しました: %1</translation>
    </message>
    <message>
        <source>Search cancelled.</source>
        <translation>探索を中止しました。</translation>
    </message>
    <message>
        <source>Search cancelled: the line found wins, but it is unproven whether it is the shortest.</source>
        <translation>探索を中止しました: 見つかった手順で解けますが、最短かどうかは証明されていません。</translation>
    </message>
    <message>
        <source>The line, in notation: %1</source>
        <translation>手順(表記): %1</translation>
    </message>
    <message>
        <source>No earlier position of this game was shown to reach the goal: %1 could not be decided in time.</source>
        <translation>このゲームの以前の局面で、目標に届くと示せたものはありませんでした。%1 個の局面は時間内に判定できませんでした。</translation>
    </message>
    <message>
        <source>No position of this game can reach the goal: its start cannot be solved. Choose another start or game.</source>
        <translation>このゲームのどの局面からも目標に届きません。開始位置が解けない問題です。別の開始位置かゲームを選んでください。</translation>
    </message>
    <message>
        <source>Back at a position that can still reach the goal.</source>
        <translation>まだ目標に到達できる局面に戻りました。</translation>
    </message>
    <message>
        <source>Back at the last position shown to reach the goal: %1 later ones could not be decided in time, and one of them may reach it too.</source>
        <translation>目標に届くと示せた最後の局面に戻りました。それより後の %1 個の局面は時間内に判定できず、そのどれかからも届くかもしれません。</translation>
    </message>
    <message>
        <source>%1 (going on with your move: no move counted)</source>
        <translation>%1(あなたの手の続き: 手数に数えない)</translation>
    </message>
    <message>
        <source>Your move goes on to the finish</source>
        <translation>あなたの手を続けるとそのまま完成します</translation>
    </message>
    <message>
        <source>Restart</source>
        <translation>最初から</translation>
    </message>
    <message>
        <source>Export solution</source>
        <translation>解答を書き出す</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>開始</translation>
    </message>
    <message>
        <source>Cannot export</source>
        <translation>書き出せません</translation>
    </message>
    <message>
        <source>checking earlier positions</source>
        <translation>前の局面を調べています</translation>
    </message>
</context>
<context>
    <name>SolverRunner</name>
    <message>
        <source>out of memory: lower the solver memory budget</source>
        <extracomment>Every worker thread and its worker, from start until the thread has really ended. Only this set owns them, so no QThread can be destroyed while it runs (Qt aborts the process if one is), whichever window or runner goes away first. job(progress, stop) -&gt; SolveResult a copy of the search&apos;s record each time a level completes (the live chart)</extracomment>
        <translation>メモリ不足です: ソルバーのメモリ上限を下げてください</translation>
    </message>
</context>
<context>
    <name>StatsWindow</name>
    <message>
        <source>Statistics</source>
        <translation>統計</translation>
    </message>
    <message>
        <source>Puzzle</source>
        <translation>パズル</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>開始</translation>
    </message>
    <message>
        <source>Solved</source>
        <translation>解決</translation>
    </message>
    <message>
        <source>Best</source>
        <translation>最高記録</translation>
    </message>
    <message>
        <source>Minimum</source>
        <translation>最短</translation>
    </message>
    <message>
        <source>Hints</source>
        <translation>ヒント</translation>
    </message>
    <message>
        <source>Time played</source>
        <translation>プレイ時間</translation>
    </message>
    <message>
        <source>In par</source>
        <translation>パー達成</translation>
    </message>
    <message>
        <source>The fewest moves possible, when the solver has proved it</source>
        <translation>ソルバーが証明した場合の、最少の手数</translation>
    </message>
    <message>
        <source>Hints asked; in brackets, of each step of Hint: how far the goal is · which piece to move · the whole move</source>
        <translation>使ったヒントの数。括弧内はヒントの段階ごと: ゴールまでの距離 · 動かす駒 · 手全体</translation>
    </message>
    <message>
        <source>Games solved in par: in at most the fewest moves known for the problem</source>
        <translation>パーで解いたゲームの数: その問題で知られている最少手数以内で解いたもの</translation>
    </message>
    <message>
        <source>No statistics can be shown now.</source>
        <translation>いまは統計を表示できません。</translation>
    </message>
    <message>
        <source>How far the goal is: %1, which piece to move: %2, the whole move: %3</source>
        <translation>ゴールまでの距離: %1、動かす駒: %2、手全体: %3</translation>
    </message>
    <message>
        <source>%1 game started, %2 solved, %3 played in all.</source>
        <translation>開始 %1 回・解決 %2 回・合計プレイ時間 %3。</translation>
    </message>
    <message>
        <source>%1 games started, %2 solved, %3 played in all.</source>
        <translation>開始 %1 回・解決 %2 回・合計プレイ時間 %3。</translation>
    </message>
    <message>
        <source>No games recorded yet.</source>
        <translation>まだ記録されたゲームはありません。</translation>
    </message>
    <message>
        <source>%1 cannot be opened (%3). Statistics are not saved this session.</source>
        <translation>%1 を開けません (%3)。このセッションの統計は保存されません。</translation>
    </message>
    <message>
        <source>%1 cannot be written (%3). Games are not recorded for now; PegApp tries again later.</source>
        <translation>%1 に書き込めません (%3)。しばらくの間ゲームは記録されません。PegApp はあとで再試行します。</translation>
    </message>
    <message>
        <source>%1 could not be read (%3). It was kept as %2 and new statistics were started.</source>
        <translation>%1 を読み込めませんでした (%3)。%2 として残し、新しい統計を始めました。</translation>
    </message>
    <message>
        <source>%1 is in use by another program (%3). It was left as it is; games are not recorded until it is free again.</source>
        <translation>%1 は別のプログラムが使用中です (%3)。ファイルはそのままにしてあります。使えるようになるまでゲームは記録されません。</translation>
    </message>
    <message>
        <source>%1 was written by a newer version of PegApp. It was kept as %2 and new statistics were started.</source>
        <translation>%1 は新しいバージョンの PegApp で書かれています。%2 として残し、新しい統計を始めました。</translation>
    </message>
    <message>
        <source>Best results and proven minimums</source>
        <translation>最高記録と証明済みの最短手数</translation>
    </message>
    <message>
        <source>Proven minimum</source>
        <translation>証明済みの最短</translation>
    </message>
    <message>
        <source>Solve a puzzle to see your best results here.</source>
        <translation>パズルを解くと、ここに最高記録が表示されます。</translation>
    </message>
    <message>
        <source>Your best</source>
        <translation>あなたの最高記録</translation>
    </message>
</context>
<context>
    <name>TrainingBox</name>
    <message>
        <source>Retry</source>
        <translation>再挑戦</translation>
    </message>
    <message>
        <source>Show the line</source>
        <translation>正解手順を見る</translation>
    </message>
    <message>
        <source>Next puzzle</source>
        <translation>次の問題</translation>
    </message>
    <message>
        <source>Leave Train</source>
        <translation>トレーニングを終える</translation>
    </message>
</context>
<context>
    <name>TrainingMode</name>
    <message>
        <source>Train: %1</source>
        <translation>トレーニング: %1</translation>
    </message>
    <message>
        <source>Back to your game.</source>
        <translation>元のゲームに戻りました。</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>再挑戦</translation>
    </message>
    <message>
        <source>Show the line</source>
        <translation>正解手順を見る</translation>
    </message>
    <message>
        <source>Hint: %1</source>
        <translation>ヒント: %1</translation>
    </message>
    <message>
        <source>Asked before the puzzle was solved, it counts as shown (not solved).</source>
        <translation>解く前にヒントを見たので、この問題は「答えを見た」(正解ではない) として記録されます。</translation>
    </message>
    <message>
        <source>Train: preparing a puzzle…</source>
        <translation>トレーニング: 問題を用意しています…</translation>
    </message>
    <message>
        <source>Find the finish in 1 move: only one move reaches it.</source>
        <translation>1 手で解いてください。解ける手は一つだけです。</translation>
    </message>
    <message>
        <source>Your move.</source>
        <translation>あなたの番です。</translation>
    </message>
    <message>
        <source>The line, played on the board: the shortest finish.</source>
        <translation>正解手順を盤上で再生しました：最短手数の解です。</translation>
    </message>
    <message>
        <source>Puzzle %1: 1 move, rated %3</source>
        <translation>問題 %1: 1 手、レーティング %3</translation>
    </message>
    <message>
        <source>Puzzle %1: %2 moves, rated %3</source>
        <translation>問題 %1: %2 手、レーティング %3</translation>
    </message>
    <message>
        <source>Your rating in %1: %2</source>
        <translation>%1でのあなたのレーティング: %2</translation>
    </message>
    <message>
        <source>(provisional: it settles over more puzzles)</source>
        <translation>(暫定: 問題を解くほど安定します)</translation>
    </message>
    <message>
        <source>Your rating is past these puzzles: the hardest found rate about %1. A bigger board or puzzle has harder ones.</source>
        <translation>あなたのレーティングはこれらの問題を超えています。見つかった最も難しい問題で約%1です。より大きな盤やパズルには、もっと難しい問題があります。</translation>
    </message>
    <message>
        <source>Streak: 1 solved in a row.</source>
        <translation>連続正解: 1 問</translation>
    </message>
    <message>
        <source>Streak: %1 solved in a row.</source>
        <translation>連続正解: %1 問</translation>
    </message>
    <message>
        <source>Preparing…</source>
        <translation>用意しています…</translation>
    </message>
    <message>
        <source>Next puzzle</source>
        <translation>次の問題</translation>
    </message>
    <message>
        <source>No next puzzle: %1</source>
        <translation>次の問題がありません: %1</translation>
    </message>
    <message>
        <source>rating %1 → %2 (%3)</source>
        <translation>レーティング %1 → %2 (%3)</translation>
    </message>
    <message>
        <source>Solved without a wrong move: %1.</source>
        <translation>間違えずに解きました: %1。</translation>
    </message>
    <message>
        <source>Shown before solved: %1.</source>
        <translation>解く前に答えを見ました: %1。</translation>
    </message>
    <message>
        <source>A wrong move: %1.</source>
        <translation>不正解の手: %1。</translation>
    </message>
    <message>
        <source>A wrong move: %1. Retry or see the line (no longer rated).</source>
        <translation>不正解の手: %1。再挑戦するか正解手順を見てください (以後はレーティングに影響しません)。</translation>
    </message>
    <message>
        <source>The statistics could not be written: the rating is kept until the program closes.</source>
        <translation>統計を書き込めませんでした。レーティングはプログラムを閉じるまで保たれます。</translation>
    </message>
    <message>
        <source>solved</source>
        <translation>正解</translation>
    </message>
    <message>
        <source>shown</source>
        <translation>答えを見た</translation>
    </message>
    <message>
        <source>wrong</source>
        <translation>不正解</translation>
    </message>
    <message>
        <source>1 move, rated %2: %3 (%4)</source>
        <translation>1 手、レーティング %2: %3 (%4)</translation>
    </message>
    <message>
        <source>%1 moves, rated %2: %3 (%4)</source>
        <translation>%1 手、レーティング %2: %3 (%4)</translation>
    </message>
    <message>
        <source>Last puzzles:</source>
        <translation>最近の問題:</translation>
    </message>
    <message>
        <source>Other ratings: %1</source>
        <translation>ほかのレーティング: %1</translation>
    </message>
</context>
<context>
    <name>VariantDialog</name>
    <message>
        <source>Choose the puzzle</source>
        <translation>パズルを選ぶ</translation>
    </message>
</context>
</TS>
