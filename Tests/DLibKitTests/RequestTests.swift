import Testing
@testable import DLibKit

@Suite struct RequestTests {
    let endpoint = "http://127.0.0.1:8080/holdings"

    @Test func buildsTheContractsQuery() {
        let url = PageQuery(pageNo: 3, pageSize: 20).url(for: ServiceConfig(endpoint: endpoint, serviceKey: "abc"))
        #expect(url == "http://127.0.0.1:8080/holdings?serviceKey=abc&pageNo=3&numOfRows=20")
    }

    @Test func omitsTheKeyWhenThereIsNone() {
        let url = PageQuery(pageNo: 1, pageSize: 20).url(for: ServiceConfig(endpoint: endpoint, serviceKey: ""))
        #expect(url == "http://127.0.0.1:8080/holdings?pageNo=1&numOfRows=20")
    }

    @Test func appendsToAnEndpointThatHasAQueryAlready() {
        let config = ServiceConfig(endpoint: endpoint + "?type=xml", serviceKey: nil)
        #expect(PageQuery(pageNo: 1, pageSize: 5).url(for: config) == endpoint + "?type=xml&pageNo=1&numOfRows=5")
    }

    @Test(arguments: [
        ("a+b/c=", "a%2Bb%2Fc%3D"),                    // raw portal key: encoded once
        ("a%2Bb%2Fc%3D", "a%2Bb%2Fc%3D"),              // already encoded: sent as it is
        ("a%2Bb+c", "a%2Bb%2Bc"),                      // encoded escapes kept, raw + still escaped
        ("50%off+", "50%25off%2B"),                    // a stray % is data, not an escape
        ("abc%", "abc%25"),
        ("plain-KEY_1.0~", "plain-KEY_1.0~"),
    ])
    func encodesTheKeyExactlyOnce(key: String, wire: String) {
        #expect(ServiceConfig(endpoint: endpoint, serviceKey: key).encodedServiceKey == wire)
    }

    @Test func encodesTheKeywordAsUTF8() {
        let url = PageQuery(pageNo: 1, pageSize: 20, keyword: "기후 & CO2").url(for: ServiceConfig(endpoint: endpoint, serviceKey: nil))
        #expect(url.hasSuffix("&keyword=%EA%B8%B0%ED%9B%84%20%26%20CO2"))
    }

    @Test func redactsTheKeyInEveryForm() {
        let config = ServiceConfig(endpoint: endpoint, serviceKey: "s3cr3t+/=")
        let url = PageQuery(pageNo: 1, pageSize: 20).url(for: config)
        #expect(!config.redact(url).contains("s3cr3t"))
        #expect(config.redact("key s3cr3t+/= leaked") == "key REDACTED leaked")
    }

    @Test func hostAndPortNeverCarriesTheQuery() {
        #expect(URLParts.hostAndPort(of: "http://127.0.0.1:9/holdings?serviceKey=x") == "127.0.0.1:9")
        #expect(URLParts.hostAndPort(of: "https://user:pw@apis.example.invalid/x") == "apis.example.invalid:443")
        #expect(URLParts.hostAndPort(of: "http://[::1]/x") == "[::1]:80")
    }
}
