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
    <name>BoardView</name>
    <message>
        <source>Peg board</source>
        <translation>ペグの盤</translation>
    </message>
    <message>
        <source>Click the hole that should start empty</source>
        <translation>最初に空ける穴をクリックしてください</translation>
    </message>
</context>
<context>
    <name>BullsWindow</name>
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
        <translation>コンピュータの秘密の数を当てる</translation>
    </message>
    <message>
        <source>Let the computer guess yours</source>
        <translation>あなたの秘密の数をコンピュータが当てる</translation>
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
        <translation>回答</translation>
    </message>
    <message>
        <source>Bulls (right digit, right place):</source>
        <translation>ブル (数字も位置も正しい):</translation>
    </message>
    <message>
        <source>Cows (right digit, wrong place):</source>
        <translation>カウ (数字は正しいが位置が違う):</translation>
    </message>
    <message>
        <source>Think of a secret. The computer asks; you score its guess.</source>
        <translation>秘密の数を決めてください。コンピュータが推測するので、その結果を答えてください。</translation>
    </message>
    <message>
        <source>Black pegs (right colour, right place):</source>
        <translation>黒ピン (色も位置も正しい):</translation>
    </message>
    <message>
        <source>White pegs (right colour, wrong place):</source>
        <translation>白ピン (色は正しいが位置が違う):</translation>
    </message>
    <message>
        <source>Find the secret code. Each guess is scored: bulls are right in the right place, cows right but elsewhere.</source>
        <translation>秘密のコードを当ててください。推測ごとに判定されます: ブルは位置まで正しいもの、カウは正しいが位置が違うものの数です。</translation>
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
        <source>The computer finds your secret from your scores.</source>
        <translation>あなたの答えた結果から、コンピュータが秘密の数を見つけます。</translation>
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
    <message>
        <source>Try %1 — %2 secrets still fit.</source>
        <translation>%1 を試してください — 候補はあと %2 通りです。</translation>
    </message>
    <message>
        <source>The %1 strategy: %2 more guesses</source>
        <translation>%1 戦略: あと %2 回の推測</translation>
    </message>
</context>
<context>
    <name>Export</name>
    <message>
        <source>%1 — solution in %2 moves</source>
        <translation>%1 — %2 手の解答</translation>
    </message>
    <message>
        <source>%1: cannot write the file</source>
        <translation>%1: ファイルに書き込めません</translation>
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
    <name>GamePanel</name>
    <message>
        <source>Back to the last position that could win</source>
        <translation>まだ解ける最後の局面に戻る</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>中止</translation>
    </message>
    <message>
        <source>Moves</source>
        <translation>手順</translation>
    </message>
    <message>
        <source>Hint</source>
        <translation>ヒント</translation>
    </message>
    <message>
        <source>Solve</source>
        <translation>解く</translation>
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
    <message>
        <source>New game…</source>
        <translation>新しいゲーム…</translation>
    </message>
</context>
<context>
    <name>GamePicker</name>
    <message>
        <source>New game</source>
        <translation>新しいゲーム</translation>
    </message>
</context>
<context>
    <name>GameWindow</name>
    <message>
        <source>&amp;Edit</source>
        <translation>編集(&amp;E)</translation>
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
        <source>&amp;Settings…</source>
        <translation>設定(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Solver</source>
        <translation>解答(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Hint</source>
        <translation>ヒント(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Solve from here</source>
        <translation>ここから解く(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Cancel search</source>
        <translation>探索を中止(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>ヘルプ(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Rules…</source>
        <translation>遊び方(&amp;R)…</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts…</source>
        <translation>キーボードショートカット(&amp;K)…</translation>
    </message>
    <message>
        <source>&amp;About PegApp</source>
        <translation>PegApp について(&amp;A)</translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation>統計</translation>
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
        <source>Export solution</source>
        <translation>解答を書き出す</translation>
    </message>
</context>
<context>
    <name>JugsView</name>
    <message>
        <source>Fill</source>
        <extracomment>a list of moves to play in order (sliding several tiles is several moves)</extracomment>
        <translation>満たす</translation>
    </message>
    <message>
        <source>Empty</source>
        <translation>空にする</translation>
    </message>
    <message>
        <source>Target: %1 l in any jug. Click a jug, then another, to pour.</source>
        <translation>目標: どれかの容器に %1 L。容器をクリックしてから別の容器をクリックすると注ぎます。</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>PegApp game (*.pegapp.json *.json)</source>
        <translation>PegApp のゲーム (*.pegapp.json *.json)</translation>
    </message>
    <message>
        <source>Jump %1 → %2</source>
        <translation>跳び %1 → %2</translation>
    </message>
    <message>
        <source>Restart</source>
        <translation>最初から</translation>
    </message>
    <message>
        <source>Choose start</source>
        <translation>開始位置を選ぶ</translation>
    </message>
    <message>
        <source>&amp;Game</source>
        <translation>ゲーム(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;New game…</source>
        <translation>新しいゲーム(&amp;N)…</translation>
    </message>
    <message>
        <source>Open &amp;board file…</source>
        <translation>盤ファイルを開く(&amp;B)…</translation>
    </message>
    <message>
        <source>&amp;Load game…</source>
        <translation>ゲームを読み込む(&amp;L)…</translation>
    </message>
    <message>
        <source>&amp;Save game…</source>
        <translation>ゲームを保存(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Restart</source>
        <translation>最初から(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>終了(&amp;Q)</translation>
    </message>
    <message>
        <source>S&amp;tatistics…</source>
        <translation>統計(&amp;T)…</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>表示(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Animate jumps</source>
        <translation>跳びをアニメーション表示(&amp;A)</translation>
    </message>
    <message>
        <source>Show &amp;legal targets</source>
        <translation>跳べる穴を表示(&amp;L)</translation>
    </message>
    <message>
        <source>Abandon this game?</source>
        <translation>このゲームを破棄しますか?</translation>
    </message>
    <message>
        <source>The game in progress will be replaced. Start the new one?</source>
        <translation>進行中のゲームは置き換えられます。新しいゲームを始めますか?</translation>
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
        <source>Moves: %1 · Jumps: %2 · Pegs: %3</source>
        <translation>手数: %1 · 跳び: %2 · ペグ: %3</translation>
    </message>
    <message>
        <source>Click the hole that should start empty.</source>
        <translation>最初に空ける穴をクリックしてください。</translation>
    </message>
    <message>
        <source>Replaying a solution: step %1 of %2. The orange arrow shows the next move.</source>
        <translation>解答を再生中: %2 手中 %1 手目。オレンジの矢印が次の手です。</translation>
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
        <source>Open board file</source>
        <translation>盤ファイルを開く</translation>
    </message>
    <message>
        <source>Board files (*.toml)</source>
        <translation>盤ファイル (*.toml)</translation>
    </message>
    <message>
        <source>Cannot open board</source>
        <translation>盤を開けません</translation>
    </message>
    <message>
        <source>Save game</source>
        <translation>ゲームを保存</translation>
    </message>
    <message>
        <source>Cannot save</source>
        <translation>保存できません</translation>
    </message>
    <message>
        <source>Load game</source>
        <translation>ゲームを読み込む</translation>
    </message>
    <message>
        <source>Cannot load game</source>
        <translation>ゲームを読み込めません</translation>
    </message>
    <message>
        <source>Saved game not restored</source>
        <translation>保存したゲームを復元できませんでした</translation>
    </message>
    <message>
        <source>%1
The file was kept as %2.</source>
        <translation>%1
ファイルは %2 として残してあります。</translation>
    </message>
    <message>
        <source>Cannot export</source>
        <translation>書き出せません</translation>
    </message>
    <message>
        <source>Back at a position that can still reach the goal.</source>
        <translation>まだ目標に到達できる局面に戻りました。</translation>
    </message>
    <message>
        <source> (not proven minimal)</source>
        <translation> (最短とは証明されていません)</translation>
    </message>
    <message>
        <source>Minimum solution: %1 moves%2</source>
        <translation>最短解答: %1 手%2</translation>
    </message>
</context>
<context>
    <name>PuzzleWindow</name>
    <message>
        <source>Shuffle</source>
        <translation>シャッフル</translation>
    </message>
    <message>
        <source>Size…</source>
        <translation>サイズ…</translation>
    </message>
    <message>
        <source>Draw</source>
        <translation>描く</translation>
    </message>
    <message>
        <source>Switch single lights to draw a start pattern</source>
        <translation>ライトを 1 つずつ切り替えて開始パターンを描きます</translation>
    </message>
    <message>
        <source>&amp;Game</source>
        <translation>ゲーム(&amp;G)</translation>
    </message>
    <message>
        <source>Other &amp;size or setting…</source>
        <translation>別のサイズや設定(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Enter a position…</source>
        <translation>局面を入力(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;Load game…</source>
        <translation>ゲームを読み込む(&amp;L)…</translation>
    </message>
    <message>
        <source>&amp;Save game…</source>
        <translation>ゲームを保存(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Restart</source>
        <translation>最初から(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>閉じる(&amp;C)</translation>
    </message>
    <message>
        <source>Enter a position</source>
        <translation>局面を入力</translation>
    </message>
    <message>
        <source>Tiles row by row, 0 for the blank, e.g. 0 9 3 7 1 5 4 8 2 6</source>
        <translation>タイルを行ごとに、空白は 0 で。例: 0 9 3 7 1 5 4 8 2 6</translation>
    </message>
    <message>
        <source>Tiles 1 to 9 row by row, e.g. 9 8 7 6 5 4 3 2 1</source>
        <translation>1〜9 のタイルを行ごとに。例: 9 8 7 6 5 4 3 2 1</translation>
    </message>
    <message>
        <source>Lights row by row, 1 on and 0 off, rows split by /</source>
        <translation>ライトを行ごとに、点灯は 1、消灯は 0、行は / で区切る</translation>
    </message>
    <message>
        <source>Stones left to right, _ for the empty cells, e.g. 1 2 3 1 2 3 _ _</source>
        <translation>石を左から右へ、空きマスは _ で。例: 1 2 3 1 2 3 _ _</translation>
    </message>
    <message>
        <source>Amounts in each jug, e.g. 0 0</source>
        <translation>各容器の水の量。例: 0 0</translation>
    </message>
    <message>
        <source>this puzzle always starts with empty jugs</source>
        <translation>このパズルは常に空の容器から始まります</translation>
    </message>
    <message>
        <source>Position refused</source>
        <translation>局面を受け付けられません</translation>
    </message>
    <message>
        <source>Click lights to switch them; press Draw again to play.</source>
        <translation>ライトをクリックして切り替えます。もう一度「描く」を押すとプレイに戻ります。</translation>
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
        <source>Solved in %1 moves!</source>
        <translation>%1 手で解けました!</translation>
    </message>
    <message>
        <source>In play.</source>
        <translation>プレイ中。</translation>
    </message>
    <message>
        <source>Moves: %1</source>
        <translation>手数: %1</translation>
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
        <source> (not proven minimal)</source>
        <translation> (最短とは証明されていません)</translation>
    </message>
    <message>
        <source>Shortest solution: %1 moves%2</source>
        <translation>最短解答: %1 手%2</translation>
    </message>
    <message>
        <source>Cannot save</source>
        <translation>保存できません</translation>
    </message>
    <message>
        <source>Cannot load game</source>
        <translation>ゲームを読み込めません</translation>
    </message>
    <message>
        <source>Save game</source>
        <translation>ゲームを保存</translation>
    </message>
    <message>
        <source>PegApp game (*.json)</source>
        <translation>PegApp のゲーム (*.json)</translation>
    </message>
    <message>
        <source>Load game</source>
        <translation>ゲームを読み込む</translation>
    </message>
    <message>
        <source>Saved game not restored</source>
        <translation>保存したゲームを復元できませんでした</translation>
    </message>
</context>
<context>
    <name>ReplayPanel</name>
    <message>
        <source>First</source>
        <extracomment>(previous step, new step); step k = the position after k moves of the solution</extracomment>
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
        <source>Close</source>
        <translation>閉じる</translation>
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
        <source>Speed</source>
        <translation>速度</translation>
    </message>
    <message>
        <source>   start</source>
        <translation>   開始</translation>
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
    <name>Rules</name>
    <message>
        <source>Jump a peg over a neighbouring peg into an empty hole; the jumped peg is removed. Leave a single peg, on the marked hole when the board has one.</source>
        <extracomment>languages with a translation (&quot;en&quot; is the source language and needs none) The rules of peg solitaire, which is not in the registry.</extracomment>
        <translation>ペグで隣のペグを跳び越し、その先の空いた穴に移ります。跳び越されたペグは取り除かれます。ペグを 1 本だけ残せば完成です (盤に印の穴があるときは、その穴に残します)。</translation>
    </message>
    <message>
        <source>Peg solitaire</source>
        <translation>ペグ・ソリテア</translation>
    </message>
    <message>
        <source>Slide tiles into the blank until they are in order, blank last. A click on a tile in the blank&apos;s row or column slides all the tiles between (one move per tile).</source>
        <translation>タイルを空白へ滑らせ、番号順 (空白は最後) に並べます。空白と同じ行か列のタイルをクリックすると、その間のタイルがまとめて動きます (タイル 1 枚につき 1 手)。</translation>
    </message>
    <message>
        <source>Each move turns the three tiles on a line through the centre. Put 1 to 9 in order.</source>
        <translation>1 手で、中央を通る直線上の 3 枚のタイルを回します。1 から 9 を順番に並べてください。</translation>
    </message>
    <message>
        <source>Pressing a button flips its up to eight neighbours, not itself. Turn every light off.</source>
        <translation>ボタンを押すと、そのボタン自身ではなく周りの最大 8 個がめくれます。すべてのライトを消してください。</translation>
    </message>
    <message>
        <source>Lift two neighbouring stones, keeping their order, into the two empty cells. Pair up equal stones, empty cells last.</source>
        <translation>隣り合う 2 個の石を、順番を変えずに 2 つの空きマスへ移します。同じ石どうしを隣に並べ、空きマスを最後にしてください。</translation>
    </message>
    <message>
        <source>Fill, empty or pour jugs (no markings, unlimited water) until one holds the target.</source>
        <translation>容器 (目盛りなし、水は無制限) を満たす・空にする・別の容器に注ぐ、を繰り返して、どれかの容器に目標の量を量り取ってください。</translation>
    </message>
    <message>
        <source>Find the secret of 4 different digits; each guess is scored in bulls (right digit, right place) and cows (right digit, wrong place). Or let the computer find yours.</source>
        <translation>異なる 4 桁の数字の秘密の数を当てます。推測ごとに、ブル (数字も位置も正しい) とカウ (数字は正しいが位置が違う) の数が返されます。あなたの秘密の数をコンピュータに当てさせることもできます。</translation>
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
    <name>SettingsDialog</name>
    <message>
        <source>Settings</source>
        <extracomment>key -&gt; default; the types of the defaults are the types stored</extracomment>
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
        <source>Board</source>
        <translation>盤</translation>
    </message>
    <message>
        <source>Animation time:</source>
        <translation>アニメーション時間:</translation>
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
        <extracomment>(section, [(keys, what they do)]); the real shortcuts of main_window, puzzle_window, board_view, puzzle_views and bulls_window (tests check the menus&apos; against this list).</extracomment>
        <translation>すべてのゲームウィンドウ</translation>
    </message>
    <message>
        <source>New game (peg solitaire window)</source>
        <translation>新しいゲーム (ペグ・ソリテアのウィンドウ)</translation>
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
        <source>Hint</source>
        <translation>ヒント</translation>
    </message>
    <message>
        <source>Solve from here and replay</source>
        <translation>ここから解いて再生</translation>
    </message>
    <message>
        <source>Cancel the search (peg solitaire)</source>
        <translation>探索を中止 (ペグ・ソリテア)</translation>
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
        <source>Rotation puzzle: turn the line towards that cell (keypad order)</source>
        <translation>回転パズル: そのマスへ向けて列を回す (テンキーの並び)</translation>
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
    <name>SolveAssistant</name>
    <message>
        <source>Searching…</source>
        <extracomment>solve(state, progress, stop) -&gt; SolveResult kind (&quot;hint&quot;, &quot;solve&quot;, or a caller&apos;s own), the state asked about, the answer (problem key, state) -&gt; SolveResult; kept for the session</extracomment>
        <translation>探索中…</translation>
    </message>
    <message>
        <source>Searching (%1): depth %2, %3 positions</source>
        <translation>探索中 (%1): 深さ %2、%3 局面</translation>
    </message>
    <message>
        <source>This position can no longer reach the goal.</source>
        <translation>この局面からはもう目標に到達できません。</translation>
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
        <source>Hint: %1 — %2 moves remain at best.</source>
        <translation>ヒント: %1 — 最短であと %2 手です。</translation>
    </message>
    <message>
        <source> (not proven minimal)</source>
        <translation> (最短とは証明されていません)</translation>
    </message>
</context>
<context>
    <name>SolverRunner</name>
    <message>
        <source>out of memory: lower the solver memory budget</source>
        <extracomment>Every worker thread and its worker, from start until the thread has really ended. Only this set owns them, so no QThread can be destroyed while it runs (Qt aborts the process if one is), whichever window or runner goes away first. job(progress, stop) -&gt; SolveResult</extracomment>
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
        <source>The fewest moves possible, when the solver has proved it</source>
        <translation>ソルバーが証明した場合の、最少の手数</translation>
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
        <source>%1 could not be read (%3). It was kept as %2 and new statistics were started.</source>
        <translation>%1 を読み込めませんでした (%3)。%2 として残し、新しい統計を始めました。</translation>
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
    <name>VariantDialog</name>
    <message>
        <source>Choose the puzzle</source>
        <translation>パズルを選ぶ</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>行数</translation>
    </message>
    <message>
        <source>Columns</source>
        <translation>列数</translation>
    </message>
    <message>
        <source>k kinds, two stones of each</source>
        <translation>k 種類、各 2 個</translation>
    </message>
    <message>
        <source>Black and white, n of each</source>
        <translation>白黒、各 n 個</translation>
    </message>
    <message>
        <source>Stones</source>
        <translation>石</translation>
    </message>
    <message>
        <source>k or n</source>
        <translation>k または n</translation>
    </message>
    <message>
        <source>Capacities (2 to 5 jugs)</source>
        <translation>容量 (容器 2〜5 個)</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>目標</translation>
    </message>
    <message>
        <source>capacities are whole numbers, e.g. 8, 5</source>
        <translation>容量は整数で指定します (例: 8, 5)</translation>
    </message>
    <message>
        <source>this puzzle has no other sizes</source>
        <translation>このパズルにはほかのサイズはありません</translation>
    </message>
</context>
</TS>
