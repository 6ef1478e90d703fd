/** Files the journeys upload: the server checks an upload's bytes, so these are real ones, kept tiny. */

/** A 10×10 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAoAAAAKCAIAAAACUFjqAAAAEklEQVR4nGP4z8CAFWEXHbQSACj/Y52g8nyHAAAAAElFTkSuQmCC',
  'base64',
);

/** A PDF with an empty catalogue. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');
