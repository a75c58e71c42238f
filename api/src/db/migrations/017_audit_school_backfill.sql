-- Issue 10 item 8: writes on student sub-resources and reminders were audited without their
-- school, so the change feed showed them to every admin. The handlers now record the owning
-- school; this gives the rows written before the school of the row they name, where that row
-- still exists. Rows whose row is gone keep no school: the feed shows them only to the
-- superadmin and admins with all schools.

-- entity_id is the student's id for these (PUT /pd, /address, /pic-save, POST /doc-student).
UPDATE audit_log a SET school_id = s.school_id
  FROM students s
 WHERE a.school_id IS NULL
   AND a.entity_id = s.id::text
   AND (a.entity IN ('student', 'student_address', 'student_invoice_address', 'student_picture')
        OR (a.entity = 'student_document' AND a.method = 'POST'));

-- entity_id is the note's id (POST, PUT and DELETE /note).
UPDATE audit_log a SET school_id = n.school_id
  FROM student_notes n
 WHERE a.school_id IS NULL AND a.entity = 'student_note' AND a.entity_id = n.id::text;

-- entity_id is the reminder's id.
UPDATE audit_log a SET school_id = r.school_id
  FROM reminders r
 WHERE a.school_id IS NULL AND a.entity = 'reminder' AND a.entity_id = r.id::text;
