import sharp from 'sharp';

/** A multipart/form-data body with one file in `field` (default `file`), built by the platform's FormData. */
export async function multipartBody(data: Buffer, o: { name?: string; type?: string; field?: string } = {}) {
  const fd = new FormData();
  fd.append(o.field ?? 'file', new Blob([new Uint8Array(data)], { type: o.type ?? 'application/octet-stream' }), o.name ?? 'upload.bin');
  const req = new Request('http://localhost/', { method: 'POST', body: fd });
  return { payload: Buffer.from(await req.arrayBuffer()), headers: { 'content-type': req.headers.get('content-type')! } };
}

/** A real image of `width` × `height` px in `format`, with a gradient so it is not trivially compressible. */
export async function makeImage(width: number, height: number, format: 'png' | 'jpeg' | 'gif' | 'webp' | 'avif' = 'png') {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = (x * 255) / width;
      raw[i + 1] = (y * 255) / height;
      raw[i + 2] = 128;
    }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}
