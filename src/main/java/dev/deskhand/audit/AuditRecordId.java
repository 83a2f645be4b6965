package dev.deskhand.audit;

/**
 * Where one record sits in the audit chain: what ties another record (a session's
 * trajectory) to the hash-chained file.
 *
 * @param seq the record's {@code seq}
 * @param hash its {@code hash}, lowercase hex SHA-256
 */
public record AuditRecordId(long seq, String hash) {

}
