// notes.js owns what the page says when something did not go as asked: an
// edit cut short or refused, a paste with nothing to paste (or an image's description pasted as words), a message not
// sent, no packs, the server refusing to check an edit. In Chinese and English, chosen by codes (the model's `note`
// and `rejected`, and the page's own), never from an English sentence of the
// model or the server. Loaded at the first note, out of startup.

import { language } from './strings.js';

const NOTES = {
  zh: {
    nothingToPaste: '剪贴板里没有可以粘贴的文字',
    onlyText: '图片等文件不能放进消息：这里只能输入文字和表情。',
    altAsWords: '粘贴的内容里有图片：图片的说明文字（alt）已作为文字粘贴。',
    tooHeavyToShow: '粘贴的内容里有一个字叠了太多符号（超过 32 个），无法显示：从这个字起的部分没有粘贴。',
    notSent: '没有网络：消息会在网络恢复后按顺序发送。',
    noStickers: '表情还没有加载好，网络恢复后会自动加载；文字和表情符号可以照常输入。',
    notTaken: '服务器没有接受这条消息。',
    tooLargeToSend: '这条消息太大，发不出去：放回输入框，分成几条再发。',
    messageTooLarge: '这条消息超过 1 MB，没有发送：文字还在输入框里，请分成几条再发。',
    outboxFull: '待发送的消息已达上限（100 条或 4 MB），这条没有发送：文字还在输入框里，等前面的消息发出后再发。',
    keptInTabOnly: '浏览器的存储空间已满，这条消息只保存在这个标签页里，发出之前请不要关闭它；之前保存的消息都还在。',
    historyNotKept: '浏览器的存储空间已满，这条消息已发出，但没有存进聊天记录；之前的记录都还在。',
    alreadyOver: (max) => `文字已超过 ${max} 字的上限，没有插入任何内容。`,
    emojiRemoved: '表情符号已去掉。',
    refused: '这里不能插入这些内容。',
    editFailed: '这次编辑没能完成。',
    nothingFits: (max) => `已达 ${max} 字上限，无法插入。`,
    cutShort: (max) => `超过 ${max} 字的部分已截掉。`,
    notChecked: '服务器拒绝了这次检查，输入框里的文字已保留。',
    notCheckedTooLarge: '这次编辑的请求太大，服务器没有检查；输入框里的文字已保留。',
  },
  en: {
    nothingToPaste: 'The clipboard holds nothing that can be pasted here.',
    onlyText: 'Files such as images cannot go into a message: only text and stickers can.',
    altAsWords: 'The pasted content held an image: its description (alt text) was pasted as words.',
    tooHeavyToShow:
      'The paste held a character stacked with too many marks (over 32) to show: it was pasted up to that character.',
    notSent: 'No connection: messages go out in order when the network is back.',
    noStickers:
      'The stickers have not loaded yet; they will when the network is back. Text and emoji can be typed as usual.',
    notTaken: 'The server did not take this message.',
    tooLargeToSend: 'This message is too large to send: put it back into the field and send it in parts.',
    messageTooLarge: 'This message is over 1 MB and was not sent: it is still in the field; send it in parts.',
    outboxFull:
      'Too many messages are waiting (100, or 4 MB): this one was not sent and is still in the field; send it once those before have gone.',
    keptInTabOnly:
      "The browser's storage is full: this message is kept in this tab only; keep the tab open until it is sent. The messages kept before are all there.",
    historyNotKept:
      "The browser's storage is full: this message was sent but not kept in the history. The history kept before is all there.",
    alreadyOver: (max) => `The text is already over the limit of ${max}; nothing was inserted.`,
    emojiRemoved: 'Emoji were removed.',
    refused: 'That cannot be inserted here.',
    editFailed: 'That edit could not be made.',
    nothingFits: (max) => `Nothing fits within the limit of ${max}.`,
    cutShort: (max) => `Cut short to fit the limit of ${max}.`,
    notChecked: 'The server refused to check this edit; what you wrote is kept.',
    notCheckedTooLarge: 'This edit was too large for the server to check; what you wrote is kept.',
  },
};

/** An edit's note code from its response (`note`, `rejected`), or null. */
export const codeOf = (response) => response.note ?? (response.rejected && 'refused');

/** The note `code` in the page's language (`max`: the limit it names). */
export function noteText(code, max) {
  const s = NOTES[language()][code];
  return typeof s === 'function' ? s(max) : s;
}
