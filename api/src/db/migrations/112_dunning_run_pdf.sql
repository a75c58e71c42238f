-- 112 (issue 14, dunning at scale): the letters PDF of a dunning run is rendered after the
-- run's transaction has committed (1,000 letters took most of the request's 30 s inside the
-- transaction, holding the students' and receipts' locks). The run keeps which dunnings'
-- letters go into the PDF, in print order, so GET /api-receipt/dunning-pdf can render it again
-- when the render after the commit failed (file_key still NULL).
ALTER TABLE dunning_runs
  ADD COLUMN printed_dunnings int[] NOT NULL DEFAULT '{}';
