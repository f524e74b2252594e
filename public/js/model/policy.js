// Owns: the input policy (the interceptor's rules) and its content rules,
// the mirror of the Swift core's InputPolicy: defaults, validation, and
// whether a text obeys `digits` / `decimal`.

export const CountMode = Object.freeze(['graphemes', 'utf16', 'utf8', 'gb18030', 'weighted']);
export const EmojiRule = Object.freeze(['allow', 'reject', 'strip']);
export const ContentRule = Object.freeze(['any', 'digits', 'decimal']);

export class InputPolicy {
  constructor({
    maxLength = null,
    countMode = 'graphemes',
    emoji = 'allow',
    content = 'any',
    decimalPlaces = 2,
    stickerWeight = null,
  } = {}) {
    this.maxLength = maxLength;
    this.countMode = countMode;
    this.emoji = emoji;
    this.content = content;
    this.decimalPlaces = decimalPlaces;
    this.stickerWeight = stickerWeight;
  }

  /** Why the policy itself makes no sense, or null (the same sentences as the server). */
  get validationProblem() {
    if (this.maxLength !== null && this.maxLength < 0) return 'policy.maxLength must be 0 or more';
    if (this.decimalPlaces < 0 || this.decimalPlaces > 100) return 'policy.decimalPlaces must be between 0 and 100';
    if (this.stickerWeight !== null && (this.stickerWeight < 0 || this.stickerWeight > 1000)) {
      return 'policy.stickerWeight must be between 0 and 1000';
    }
    return null;
  }

  /** Whether `text` obeys the content rule: null, or the reason code. */
  contentViolation(text) {
    if (this.content === 'any') return null;
    if (this.content === 'digits') return /^[0-9]*$/.test(text) ? null : 'digits';
    let seenDot = false,
      places = 0;
    for (let i = 0; i < text.length; i++) {
      const u = text.charCodeAt(i);
      if (u === 0x2e) {
        if (seenDot || i === 0 || this.decimalPlaces === 0) return 'decimal';
        seenDot = true;
      } else if (u >= 0x30 && u <= 0x39) {
        if (seenDot) places += 1;
        if (places > this.decimalPlaces) return 'decimalPlaces';
      } else {
        return 'decimal';
      }
    }
    return null;
  }
}

export const unlimited = new InputPolicy();
