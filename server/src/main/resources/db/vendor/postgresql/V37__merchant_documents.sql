-- verification module: the documents a merchant uploads (PDF, JPEG, PNG up to 5 MB), in the database
-- (content) or on the configured directory (storage_path), served only to operators.
CREATE TABLE merchant_documents (
    id           UUID PRIMARY KEY,
    merchant_id  UUID NOT NULL REFERENCES merchants (id),
    kind         VARCHAR(20) NOT NULL,
    file_name    VARCHAR(200) NOT NULL,
    content_type VARCHAR(40) NOT NULL,
    size_bytes   INT NOT NULL,
    sha256       VARCHAR(64) NOT NULL,
    content      BYTEA,
    storage_path VARCHAR(500),
    uploaded_by  VARCHAR(254) NOT NULL,
    uploaded_at  TIMESTAMP(6) WITH TIME ZONE NOT NULL
);
CREATE INDEX merchant_documents_merchant_idx ON merchant_documents (merchant_id, uploaded_at);
