// Texas Hold'em's texts in Japanese (the default, the manual's language) and English. The top
// page reads `tagline`, `rules`, `levelNotes` and `options`.

import { translator } from "../../i18n.js";

export const TEXT = {
  ja: {
    tagline: "2〜10人で遊ぶノーリミット・テキサスホールデム。チップを全部集めた人の勝ち",
    rules: [
      "2枚のホールカードと5枚のコミュニティカードから最強の5枚で勝負します",
      "チェック、ベット、コール、レイズ、フォールド、オールインができます",
      "レイズは今のベット額の倍以上(H20)",
      "倍に届かないオールインでは、すでに行動した人は再レイズできず、コールかフォールドだけです(H24)",
      "待っている間にオートベットで次の行動を決めておけます。取れなくなった行動は自動でキャンセルされます(H43)",
      "ショーダウンでは、オールインした人も見せるかマックするかを選べます。ボードが出そろうまで誰の手札も公開されません(H32)",
    ],
    levelNotes: {
      easy: "役だけを見るやさしい相手",
      normal: "勝率とポットオッズで打つ相手",
      hard: "レンジを読み、ポジションとブラフを使う相手",
    },
    options: {
      starting_stack: "初期チップ",
      small_blind: "スモールブラインド",
      big_blind: "ビッグブラインド",
      blind_schedule: "ブラインドの上昇(ハンド:SB/BB, …)",
      first_button: "最初のボタン(席番号、-1で抽選)",
      stop_when_humans_out: "あなたが飛んだら終了",
      max_hands: "最大ハンド数",
    },
    hand: "ハンド {n}",
    blinds: "ブラインド {small}/{big}",
    pot: "ポット {n}",
    pots: "メイン {main}",
    side: "サイド{i} {n}",
    stack: "{n}",
    bet: "ベット {n}",
    you: "あなた",
    cpu: "CPU",
    button: "D",
    smallBlind: "SB",
    bigBlind: "BB",
    folded: "フォールド",
    allIn: "オールイン",
    out: "{n}位",
    acting: "考え中",
    yourTurn: "あなたの番です",
    waiting: "{name}の番です",
    fold: "フォールド",
    check: "チェック",
    call: "コール {n}",
    betTo: "ベット {n}",
    raiseTo: "{n}へレイズ",
    allInButton: "オールイン {n}",
    amount: "額",
    showdownAsk: "ショーダウン: 見せるかマックするか選んでください",
    show: "見せる",
    muck: "マック",
    auto: "オートベット",
    autoSet: "セット",
    autoClear: "キャンセル",
    autoPending: "予約中: {what}",
    autoHint: "自分の番が来たら自動で行います(→キー長押しで切替)",
    autoKinds: { fold: "フォールド", check: "チェック", call: "コール(額問わず)", bet_or_raise: "ベット/レイズ", all_in: "オールイン" },
    handResult: "ハンド {n} の結果",
    wins: "{name}が{n}獲得",
    uncontested: "(ショーダウンなし)",
    mucked: "マック",
    nextHand: "次のハンドへ",
    board: "ボード",
    youWin: "あなたの優勝です!",
    winner: "{name}の優勝",
    finalStacks: "最終順位",
    place: "{n}位",
    playAgain: "もう一度",
    recordEmpty: "まだ記録はありません",
    help: "役のランク",
    streets: { preflop: "プリフロップ", flop: "フロップ", turn: "ターン", river: "リバー" },
    acts: { fold: "フォールド", check: "チェック", call: "コール", bet: "ベット", raise: "レイズ" },
    hands: {
      straight_flush: "ストレートフラッシュ",
      four_of_a_kind: "フォーカード",
      full_house: "フルハウス",
      flush: "フラッシュ",
      straight: "ストレート",
      three_of_a_kind: "スリーカード",
      two_pair: "ツーペア",
      one_pair: "ワンペア",
      high_card: "ハイカード",
    },
    faceDown: "伏せたカード",
  },
  en: {
    tagline: "No-limit Texas hold'em for 2 to 10. Win every chip to win the match",
    rules: [
      "The best five of your two hole cards and the five board cards win",
      "Check, bet, call, raise, fold or go all-in",
      "A raise goes to at least twice the current bet (H20)",
      "An all-in short of a full raise does not reopen the betting: whoever has acted may only call or fold (H24)",
      "While you wait, an auto-bet chooses your next action; one that can no longer be taken is cancelled (H43)",
      "At the showdown everyone, all-in or not, shows or mucks; no hand is turned up before the board is complete (H32)",
    ],
    levelNotes: {
      easy: "plays its hand's category only",
      normal: "plays equity and pot odds",
      hard: "reads ranges, uses position and bluffs",
    },
    options: {
      starting_stack: "Starting chips",
      small_blind: "Small blind",
      big_blind: "Big blind",
      blind_schedule: "Blind schedule (hand:SB/BB, …)",
      first_button: "First button (seat, -1 to draw)",
      stop_when_humans_out: "End when you are out",
      max_hands: "Hand limit",
    },
    hand: "Hand {n}",
    blinds: "Blinds {small}/{big}",
    pot: "Pot {n}",
    pots: "Main {main}",
    side: "Side {i} {n}",
    stack: "{n}",
    bet: "Bet {n}",
    you: "You",
    cpu: "CPU",
    button: "D",
    smallBlind: "SB",
    bigBlind: "BB",
    folded: "Folded",
    allIn: "All-in",
    out: "Place {n}",
    acting: "Thinking",
    yourTurn: "Your turn",
    waiting: "{name} to act",
    fold: "Fold",
    check: "Check",
    call: "Call {n}",
    betTo: "Bet {n}",
    raiseTo: "Raise to {n}",
    allInButton: "All-in {n}",
    amount: "Amount",
    showdownAsk: "Showdown: show your cards or muck them",
    show: "Show",
    muck: "Muck",
    auto: "Auto-bet",
    autoSet: "Set",
    autoClear: "Cancel",
    autoPending: "Pending: {what}",
    autoHint: "Taken when your turn comes (long press → to toggle)",
    autoKinds: { fold: "Fold", check: "Check", call: "Call any", bet_or_raise: "Bet / raise", all_in: "All-in" },
    handResult: "Hand {n}",
    wins: "{name} wins {n}",
    uncontested: "(no showdown)",
    mucked: "mucked",
    nextHand: "Next hand",
    board: "Board",
    youWin: "You win the match!",
    winner: "{name} wins the match",
    finalStacks: "Final places",
    place: "Place {n}",
    playAgain: "Play again",
    recordEmpty: "Nothing recorded yet",
    help: "Hand rankings",
    streets: { preflop: "Preflop", flop: "Flop", turn: "Turn", river: "River" },
    acts: { fold: "folds", check: "checks", call: "calls", bet: "bets", raise: "raises to" },
    hands: {
      straight_flush: "Straight flush",
      four_of_a_kind: "Four of a kind",
      full_house: "Full house",
      flush: "Flush",
      straight: "Straight",
      three_of_a_kind: "Three of a kind",
      two_pair: "Two pair",
      one_pair: "One pair",
      high_card: "High card",
    },
    faceDown: "face down",
  },
};

// t(key, params) for a line; words(key) for a list or a table of lines.
export const { t, texts: words } = translator(TEXT);

export function handName(category) {
  return words("hands")[category] ?? category;
}

// A seat as the table names it: "You", a person's name, or "CPU 3 HARD" (several computer
// players of a level may sit at one table).
export function seatName(seat, me) {
  if (seat.seat === me) return t("you");
  if (seat.name) return seat.name;
  const level = seat.level ? ` ${seat.level.toUpperCase()}` : "";
  return `${t("cpu")} ${seat.seat}${level}`;
}

// One action of the record: "raises to 60 (all-in)".
export function actionText(action) {
  const word = words("acts")[action.kind] ?? action.kind;
  const amount = action.kind === "bet" || action.kind === "raise" ? ` ${action.to}` : action.kind === "call" ? ` ${action.added}` : "";
  return `${word}${amount}${action.all_in ? ` (${t("allIn")})` : ""}`;
}
