/* The C baseline for rendering: the same work as the Swift renderer, in a
 * plain -O2 loop. Escapes & < > " ' (CR as &#13;, LF as <br>), pairs each
 * `]` with the last `[` on the line, looks the content up in the same
 * open-addressing hash table, and writes a sticker's precomputed markup for
 * known codes (an animated one's <img> inside <picture> with its poster).
 * Reports the best of N runs in MB/s and its output size (run.sh checks it
 * equals the Swift output's).
 *
 * usage: baseline_render corpus.txt codes.tsv [runs] */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct { const char *key; size_t len; char *img; size_t img_len; } entry;
static entry *slots; static size_t mask; static size_t max_key;

static uint32_t hash(const unsigned char *p, size_t n) {
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * 16777619u;
    return h;
}

static entry *lookup(const unsigned char *p, size_t n) {
    if (n == 0 || n > max_key) return NULL;
    for (size_t s = hash(p, n) & mask;; s = (s + 1) & mask) {
        if (!slots[s].key) return NULL;
        if (slots[s].len == n && memcmp(slots[s].key, p, n) == 0) return &slots[s];
    }
}

static char *read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) { perror(path); exit(1); }
    fseek(f, 0, SEEK_END); *len = ftell(f); fseek(f, 0, SEEK_SET);
    char *buf = malloc(*len + 1);
    if (fread(buf, 1, *len, f) != *len) { perror(path); exit(1); }
    buf[*len] = 0; fclose(f);
    return buf;
}

/* The markup of one code, built once as the Swift renderer builds it
 * (HTMLRenderer.appendStickerMarkup): an <img> whose attribute values are
 * escaped, inside <picture> with the still poster for reduced motion when the
 * sticker is animated. */
enum { FIELDS = 11 };
static char *markup_at; static size_t markup_len;
static void add(const char *s) { size_t n = strlen(s); memcpy(markup_at + markup_len, s, n); markup_len += n; }
static void add_escaped(const char *s) {
    for (; *s; s++) {
        switch (*s) {
        case '&': add("&amp;"); break;
        case '<': add("&lt;"); break;
        case '>': add("&gt;"); break;
        case '"': add("&quot;"); break;
        case '\'': add("&#39;"); break;
        default: markup_at[markup_len++] = *s;
        }
    }
}
static void add_url(const char *pack, const char *file) { add_escaped("/stickers/"); add_escaped(pack); add("/"); add_escaped(file); }

static char *markup(char **f, size_t *len) {
    markup_at = malloc(8192); markup_len = 0;
    const char *pack = f[1];
    int animated = f[8][0] != 0;
    if (animated) {
        add("<picture><source media=\"(prefers-reduced-motion: reduce)\" srcset=\"");
        add_url(pack, f[8]); add(" 1x, "); add_url(pack, f[9]); add(" 2x, "); add_url(pack, f[10]); add(" 3x\">");
    }
    add("<img class=\"sticker\" src=\""); add_url(pack, f[2]);
    add("\" srcset=\""); add_url(pack, f[3]); add(" 2x, "); add_url(pack, f[4]); add(" 3x");
    add("\" width=\""); add(f[7]); add("\" height=\"20\" alt=\"["); add_escaped(f[0]);
    add("]\" title=\""); add_escaped(f[5]); add("\" aria-label=\""); add_escaped(f[6]); add("\" draggable=\"false\">");
    if (animated) add("</picture>");
    *len = markup_len;
    return markup_at;
}

static unsigned char *out; static size_t out_len;
#define PUT(s, n) do { memcpy(out + out_len, (s), (n)); out_len += (n); } while (0)

/* High bit set in each zero byte of x; the lowest one is exact. */
static inline uint64_t zero_bytes(uint64_t x) { return (x - 0x0101010101010101ull) & ~x & 0x8080808080808080ull; }

/* The same single pass as the Swift renderer: escape as we go, remember the
 * output length at the last `[`, and at `]` look the code up; on a match the
 * escaped code text is dropped for the <img>. Words of 8 bytes with no byte
 * below 0x40 and no bracket are skipped whole (SWAR; little-endian). */
static void render(const unsigned char *p, size_t n) {
    out_len = 0;
    size_t copy_from = 0, i = 0, open_out = 0;
    long open_in = -1;
    while (i < n) {
        if (i + 8 <= n) {
            uint64_t w; memcpy(&w, p + i, 8);
            uint64_t low = (w - 0x4040404040404040ull) & ~w & 0x8080808080808080ull;
            uint64_t br = zero_bytes(w ^ 0x5B5B5B5B5B5B5B5Bull) | zero_bytes(w ^ 0x5D5D5D5D5D5D5D5Dull);
            if ((low | br) == 0) { i += 8; continue; }
            uint64_t s = br | zero_bytes(w ^ 0x2626262626262626ull) | zero_bytes(w ^ 0x3C3C3C3C3C3C3C3Cull)
                       | zero_bytes(w ^ 0x3E3E3E3E3E3E3E3Eull) | zero_bytes(w ^ 0x2222222222222222ull)
                       | zero_bytes(w ^ 0x2727272727272727ull) | zero_bytes(w ^ 0x0D0D0D0D0D0D0D0Dull)
                       | zero_bytes(w ^ 0x0A0A0A0A0A0A0A0Aull) | zero_bytes(w);
            if (s == 0) { i += 8; continue; }
            i += __builtin_ctzll(s) >> 3;
        }
        const char *rep; size_t len;
        switch (p[i]) {
        case '[':
            PUT(p + copy_from, i - copy_from);
            copy_from = i; open_in = (long)i; open_out = out_len; i++;
            continue;
        case ']':
            if (open_in >= 0 && i - open_in - 1 <= max_key) {
                entry *e = lookup(p + open_in + 1, i - open_in - 1);
                if (e) { out_len = open_out; PUT(e->img, e->img_len); copy_from = i + 1; }
            }
            open_in = -1; i++;
            continue;
        case '&': rep = "&amp;"; len = 5; break;
        case '<': rep = "&lt;"; len = 4; break;
        case '>': rep = "&gt;"; len = 4; break;
        case '"': rep = "&quot;"; len = 6; break;
        case '\'': rep = "&#39;"; len = 5; break;
        case '\r': rep = "&#13;"; len = 5; open_in = -1; break;
        case '\n': rep = "<br>"; len = 4; open_in = -1; break;
        default: i++; continue;
        }
        PUT(p + copy_from, i - copy_from); PUT(rep, len);
        i++; copy_from = i;
    }
    PUT(p + copy_from, n - copy_from);
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: %s corpus.txt codes.tsv [runs]\n", argv[0]); return 2; }
    size_t n, codes_len;
    unsigned char *text = (unsigned char *)read_file(argv[1], &n);
    char *codes = read_file(argv[2], &codes_len);
    int runs = argc > 3 ? atoi(argv[3]) : 20;
    size_t count = 0;
    for (char *c = codes; *c; c++) count += *c == '\n';
    size_t size = 16; while (size < count * 2) size <<= 1;
    slots = calloc(size, sizeof(entry)); mask = size - 1;
    for (char *line = strtok(codes, "\n"); line; line = strtok(NULL, "\n")) {
        /* code, pack, 1x, 2x, 3x, title, aria-label, width, poster 1x, 2x, 3x (empty: not animated) */
        char *f[FIELDS]; f[0] = line;
        for (int i = 1; i < FIELDS; i++) { f[i] = strchr(f[i - 1], '\t'); *f[i]++ = 0; }
        entry e = { f[0], strlen(f[0]), NULL, 0 };
        if (e.len > max_key) max_key = e.len;
        e.img = markup(f, &e.img_len);
        size_t s = hash((unsigned char *)e.key, e.len) & mask;
        while (slots[s].key) s = (s + 1) & mask;
        slots[s] = e;
    }
    size_t max_markup = 0;
    for (size_t s = 0; s < size; s++) if (slots[s].key && slots[s].img_len > max_markup) max_markup = slots[s].img_len;
    out = malloc(n * 6 + n / 3 * max_markup + 4096);  /* every byte escaped, or a sticker every 3 bytes */
    double best = 1e9;
    for (int r = 0; r < runs; r++) {
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        render(text, n);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        double s = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
        if (s < best) best = s;
    }
    uint64_t h = 14695981039346656037ull;  /* FNV-1a of the output, to compare with Swift's */
    for (size_t i = 0; i < out_len; i++) h = (h ^ out[i]) * 1099511628211ull;
    printf("{\"name\":\"c\",\"render_mb_s\":%.1f,\"output_bytes\":%zu,\"output_hash\":\"%016llx\"}\n", n / best / 1e6, out_len, (unsigned long long)h);
    return 0;
}
