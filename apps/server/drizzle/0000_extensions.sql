-- Trigram indexes make contact and user search fast without a count scan.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
