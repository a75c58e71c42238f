-- 010_member_number_links: a membership number is linked to one account at a time
-- (issue 10 item 10). Before, any account could link any number with only its own password.
-- Numbers linked to several accounts cannot be told apart (none of them proved the number):
-- all those links are removed, and their owners link again with the proof the link form now
-- asks for (the member's birth date as the network's register holds it). Numbers linked to
-- one account only stay linked.
UPDATE users SET mno = NULL
 WHERE mno IS NOT NULL
   AND upper(mno) IN (SELECT upper(mno) FROM users WHERE mno IS NOT NULL GROUP BY upper(mno) HAVING count(*) > 1);
UPDATE users SET mno = upper(mno) WHERE mno IS NOT NULL AND mno <> upper(mno);

CREATE UNIQUE INDEX users_mno_key ON users (upper(mno)) WHERE mno IS NOT NULL;
