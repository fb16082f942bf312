-- Section and block ids are the course's own: the key of an item is (course, id), so an id a client
-- chooses for a new item says nothing about the items of other courses.
ALTER TABLE course_item_versions ADD COLUMN course_uuid uuid;
UPDATE course_item_versions AS v SET course_uuid = i.course_uuid FROM course_items AS i WHERE i.id = v.item_id;
ALTER TABLE course_item_versions ALTER COLUMN course_uuid SET NOT NULL;

ALTER TABLE course_item_versions DROP CONSTRAINT course_item_versions_item_id_fkey;
ALTER TABLE course_item_versions DROP CONSTRAINT course_item_versions_pkey;
ALTER TABLE course_items DROP CONSTRAINT course_items_section_id_fkey;
ALTER TABLE course_items DROP CONSTRAINT course_items_pkey;

ALTER TABLE course_items ADD PRIMARY KEY (course_uuid, id);
ALTER TABLE course_items ADD CONSTRAINT course_items_section_fkey
  FOREIGN KEY (course_uuid, section_id) REFERENCES course_items (course_uuid, id) ON DELETE CASCADE;
DROP INDEX course_items_section;
CREATE INDEX course_items_section ON course_items (course_uuid, section_id) WHERE section_id IS NOT NULL;

ALTER TABLE course_item_versions ADD PRIMARY KEY (course_uuid, item_id, version);
ALTER TABLE course_item_versions ADD CONSTRAINT course_item_versions_item_fkey
  FOREIGN KEY (course_uuid, item_id) REFERENCES course_items (course_uuid, id) ON DELETE CASCADE;
