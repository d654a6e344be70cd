// Japanese (the source's language, the default) and English. The Japanese button and hand
// names follow the source's own wording (「交換しない」「全部回す」「この向きで伏せます」).

import { rankLabel } from "./cards.js";

const TEXT = {
  ja: {
    title: "上下ポーカー",
    tagline: "上を取るか、下を守るか。5枚の向きで二度勝負するポーカー",
    players: "人数",
    level: "難易度",
    start: "ゲームスタート",
    continue: "続きから",
    record: "記録",
    close: "閉じる",
    language: "English",
    round: "ラウンド {n}",
    deck: "山札 {n}枚",
    startSeat: "スタート",
    life: "ライフ {n}",
    you: "あなた",
    npc: "NPC {n}",
    exchange: "{n}枚交換",
    keepAll: "交換しない",
    rotateAll: "全部回す",
    place: "この向きで伏せます",
    nextRound: "次のラウンドへ",
    playAgain: "もう一度遊ぶ",
    top: "トップへ",
    up: "上側",
    down: "下側",
    yourTurn: "あなたの交換の番です",
    waitingFor: "{name}の交換を待っています",
    chooseOrientation: "向きを決めてください",
    placed: "伏せました。ほかの人を待っています",
    hintExchange: "タップで捨てる札を選択、ダブルタップで上下反転、ドラッグで並べ替え",
    hintOrientation: "ドラッグで並べ替え、ダブルタップで180°回転",
    hintKeys: "キーボード: ←→で移動、Shift+←→で並べ替え、Enterで選択(向きの決定では回転)、Rで回転",
    statusTurn: "交換中",
    statusExchanged: "{n}枚交換",
    statusWaiting: "手番待ち",
    statusChoosing: "向きを決めています",
    statusPlaced: "伏せました",
    statusOut: "脱落",
    showdown: "ショーダウン: ラウンド {n}",
    rankOf: "{n}位",
    outIn: "{side}で脱落",
    winner: "{name}の優勝です",
    youWin: "あなたの優勝です!",
    places: "最終順位",
    turnPhone: "端末を縦にしてください",
    discarded: "捨て札",
    drew: "引いた札",
    keptAll: "交換なし",
    exchanged: "{name}: {n}枚交換",
    recordEmpty: "まだ記録はありません",
    lifeChange: "ライフ {delta} → {life}",
    error: "通信に失敗しました: {message}",
    cardLabel: "上 {up}、下 {down}",
    faceDown: "伏せ札",
    howTo: "遊び方",
    rules: [
      "札には異なる2つの数値があります。奥に向けた数値が上側、手前の数値が下側の役になります",
      "上側で最も強い人はライフ+1(フルハウス以上なら+2)、最も弱い人は−1",
      "下側で最も弱い人はライフ−2。ライフ0で脱落、最後に残った1人が優勝です",
    ],
    levelNotes: {
      easy: "最善手を選ぶことは、まずないです",
      normal: "かなりの確率で、最善手以外を選びます",
      hard: "たまに最善手を選ばないことがあります",
      insane: "あなたの打ち方を学び、最善手を模索します",
      hate_you: "あなたのライフを積極的に削りに行きます",
    },
    lostMatch: "この試合はもう続けられません",
    hands: {
      five_of_a_kind: "{a}のファイブカード",
      four_of_a_kind: "{a}のフォーカード",
      full_house: "{a}と{b}のフルハウス",
      straight: "{a}トップのストレート",
      three_of_a_kind: "{a}のスリーカード",
      two_pair: "{a}と{b}のツーペア",
      one_pair: "{a}のワンペア",
      high_card: "{a}ハイ",
    },
  },
  en: {
    title: "Flipside",
    tagline: "Take the top or guard the bottom: five cards, two showdowns",
    players: "Players",
    level: "Level",
    start: "Start",
    continue: "Continue",
    record: "Record",
    close: "Close",
    language: "日本語",
    round: "Round {n}",
    deck: "deck {n}",
    startSeat: "start",
    life: "Life {n}",
    you: "You",
    npc: "CPU {n}",
    exchange: "Exchange {n}",
    keepAll: "Keep all",
    rotateAll: "Rotate all",
    place: "Place face down",
    nextRound: "Next round",
    playAgain: "Play again",
    top: "Top",
    up: "Up",
    down: "Down",
    yourTurn: "Your turn to exchange",
    waitingFor: "Waiting for {name} to exchange",
    chooseOrientation: "Choose which way each card points",
    placed: "Placed. Waiting for the others",
    hintExchange: "Tap to mark a discard, double-tap to look upside down, drag to reorder",
    hintOrientation: "Drag to reorder, double-tap to rotate 180°",
    hintKeys:
      "Keyboard: ←→ move, Shift+←→ reorder, Enter marks (rotates when orienting), R rotates",
    statusTurn: "exchanging",
    statusExchanged: "exchanged {n}",
    statusWaiting: "waiting",
    statusChoosing: "choosing",
    statusPlaced: "placed",
    statusOut: "out",
    showdown: "Showdown: round {n}",
    rankOf: "#{n}",
    outIn: "out on the {side} side",
    winner: "{name} wins",
    youWin: "You win!",
    places: "Final places",
    turnPhone: "Turn your phone upright",
    discarded: "Discarded",
    drew: "Drew",
    keptAll: "kept all",
    exchanged: "{name}: exchanged {n}",
    recordEmpty: "Nothing recorded yet",
    lifeChange: "life {delta} → {life}",
    error: "Request failed: {message}",
    cardLabel: "{up} up, {down} down",
    faceDown: "face down",
    howTo: "How to play",
    rules: [
      "Each card shows two different ranks: the one pointing away from you is your up hand, the near one your down hand",
      "Strongest up hand: +1 life (+2 with a full house or better); weakest up hand: −1",
      "Weakest down hand: −2 life. At 0 you are out; the last one left wins",
    ],
    levelNotes: {
      easy: "almost never picks the best move",
      normal: "quite often picks something other than the best move",
      hard: "now and then misses the best move",
      insane: "learns how you play and searches for the best move",
      hate_you: "goes after your life",
    },
    lostMatch: "This match cannot be continued",
    // The same words as flipside.domain.hands.describe, so the test can compare them.
    hands: {
      five_of_a_kind: "five {a}s",
      four_of_a_kind: "four {a}s",
      full_house: "full house, {a}s over {b}s",
      straight: "straight to {a}",
      three_of_a_kind: "three {a}s",
      two_pair: "two pair, {a}s and {b}s",
      one_pair: "pair of {a}s",
      high_card: "{a} high",
    },
  },
};

const STORAGE_KEY = "flipside.lang";
let lang = localStorage.getItem(STORAGE_KEY) === "en" ? "en" : "ja";

function fill(template, params) {
  return template.replace(/\{(\w+)\}/g, (_, name) => String(params[name] ?? ""));
}

export function t(key, params = {}) {
  return fill(TEXT[lang][key] ?? key, params);
}

// Texts that are lists or tables rather than one line.
export function texts(key) {
  return TEXT[lang][key];
}

export function handName(hand) {
  const [a, b] = hand.ranks.map(rankLabel);
  return fill(TEXT[lang].hands[hand.category], { a, b });
}

export function toggleLang() {
  lang = lang === "ja" ? "en" : "ja";
  localStorage.setItem(STORAGE_KEY, lang);
  document.documentElement.lang = lang;
}

document.documentElement.lang = lang;
