// The email answer's HTML refers to its chart as cid:…, an inline part of the MIME message. A page
// cannot load cid: URLs, so the preview swaps each one for a data: URL made from that part.

/** The email HTML with every cid: image that the MIME message carries inlined as a data: URL. */
export function inlineCidImages(html, mime) {
  const images = imagesByContentId(mime);
  return html.replace(/(\ssrc=")cid:([^"]+)"/g, (whole, prefix, contentId) => {
    const dataUrl = images.get(decodeEntities(contentId));
    return dataUrl ? `${prefix}${dataUrl}"` : whole;
  });
}

/** Content-ID → data: URL for every base64 image part of a multipart message. */
export function imagesByContentId(mime) {
  const text = mime.replace(/\r\n/g, '\n');
  const boundaries = [...text.matchAll(/boundary="?([^";\n]+)"?/gi)].map((match) => match[1]);
  let parts = [text];
  for (const boundary of boundaries) parts = parts.flatMap((part) => part.split(`\n--${boundary}`));
  const images = new Map();
  for (const raw of parts) {
    const part = raw.replace(/^\n/, '');
    const headerEnd = part.indexOf('\n\n');
    if (headerEnd < 0) continue;
    // Folded header lines (a line starting with white space continues the one before).
    const headers = part.slice(0, headerEnd).replace(/\n[ \t]+/g, ' ');
    const contentId = /^content-id:\s*<([^>]+)>/im.exec(headers)?.[1];
    const mediaType = /^content-type:\s*([^;\s]+)/im.exec(headers)?.[1]?.toLowerCase();
    const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
    if (!contentId || !mediaType?.startsWith('image/') || encoding !== 'base64') continue;
    images.set(contentId, `data:${mediaType};base64,${part.slice(headerEnd + 2).replace(/[^A-Za-z0-9+/=]/g, '')}`);
  }
  return images;
}

function decodeEntities(text) {
  return text.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"');
}
