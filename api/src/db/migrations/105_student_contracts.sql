-- 105 (issue 13, student contracts and cancellations):
-- 1. A contract entered by hand in the contracts tab may not know its terms (minimum term,
--    follow-up term, their cancellation periods): the columns allow NULL. Such a contract can
--    still be cancelled with an effective date typed in; the API only cannot propose one
--    (error 70, spec 001 §8). Contracts made by an activation keep the template's terms.
-- 2. The network outbox (network_requests, migration 088) takes two more kinds: the network
--    cancellation confirmation (POST /api-base/cce) and the data transfer to the network
--    (POST /api-base/ndt). Either may be asked again later (after a new cancellation, after
--    changed data), so only one request of a kind per student may WAIT for transfer (status 1);
--    the pre-student stays one per student, as before.
ALTER TABLE student_contracts
  ALTER COLUMN c_interval_start DROP NOT NULL,
  ALTER COLUMN c_cperiod_start DROP NOT NULL,
  ALTER COLUMN c_interval_follow DROP NOT NULL,
  ALTER COLUMN c_cperiod_follow DROP NOT NULL;

ALTER TABLE network_requests DROP CONSTRAINT network_requests_kind_check;
ALTER TABLE network_requests ADD CONSTRAINT network_requests_kind_check
  CHECK (kind IN ('pre_student', 'cancellation_confirmation', 'data_transfer'));
ALTER TABLE network_requests ADD COLUMN student_contract_id int REFERENCES student_contracts(id) ON DELETE SET NULL;
ALTER TABLE network_requests DROP CONSTRAINT network_requests_student_id_kind_key;
CREATE UNIQUE INDEX network_requests_pre_student_key ON network_requests (student_id) WHERE kind = 'pre_student';
CREATE UNIQUE INDEX network_requests_waiting_key ON network_requests (student_id, kind) WHERE status = 1 AND kind <> 'pre_student';
CREATE INDEX network_requests_student_idx ON network_requests (student_id, created_at);
