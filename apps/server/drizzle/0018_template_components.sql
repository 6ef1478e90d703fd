-- Template sends now store the Graph components Meta is asked for; rows stored before kept only the
-- body's positional values, which become the one body component they stood for.
UPDATE "messages"
SET "template" = jsonb_build_object(
  'name', "template"->'name',
  'language', "template"->'language',
  'components', CASE
    WHEN jsonb_array_length(coalesce("template"->'parameters', '[]'::jsonb)) = 0 THEN '[]'::jsonb
    ELSE jsonb_build_array(jsonb_build_object(
      'type', 'body',
      'parameters', (
        SELECT jsonb_agg(jsonb_build_object('type', 'text', 'text', value) ORDER BY ordinality)
        FROM jsonb_array_elements_text("template"->'parameters') WITH ORDINALITY
      )
    ))
  END
)
WHERE "template" IS NOT NULL AND NOT ("template" ? 'components');
