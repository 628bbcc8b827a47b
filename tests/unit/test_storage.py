"""fairdice.storage: which S3 endpoints answer with AWS S3's own LastModified, a time no writer sets.

The stores themselves, over folders and moto's S3, are in tests/integration/test_storage_contract.py.
"""

import boto3
import pytest
from botocore.config import Config
from botocore.utils import is_valid_endpoint_url, is_valid_ipv6_endpoint_url
from fairdice.fields import base_url
from fairdice.storage import aws_own, endpoint_url


@pytest.mark.parametrize(
    "endpoint",
    [
        "https://s3.amazonaws.com",
        "https://s3.eu-west-1.amazonaws.com",
        "https://s3.us-gov-west-1.amazonaws.com",
        "https://s3-eu-west-1.amazonaws.com",
        "https://s3-external-1.amazonaws.com",
        "https://s3.dualstack.eu-west-1.amazonaws.com",
        "https://s3-fips.us-east-1.amazonaws.com",
        "https://s3-fips.dualstack.us-east-1.amazonaws.com",
        "https://fairdice-archive.s3.eu-west-1.amazonaws.com",
        "https://bucket.vpce-0a1b2c3d4e5f-6g7h8i9j.s3.eu-west-1.vpce.amazonaws.com",
        "https://vpce-0a1b2c3d4e5f-6g7h8i9j.s3.eu-west-1.vpce.amazonaws.com",
        "https://s3.cn-north-1.amazonaws.com.cn",
        "https://s3.eu-west-1.amazonaws.com.",
    ],
)
def test_an_https_endpoint_of_s3_itself_witnesses_when_an_object_was_written(endpoint: str) -> None:
    assert aws_own(endpoint, "fairdice-archive") is True


@pytest.mark.parametrize(
    "endpoint",
    [
        # hosts under amazonaws.com that answer what their owner makes them answer
        "https://abcdef1234.execute-api.eu-west-1.amazonaws.com",
        "https://ec2-203-0-113-5.eu-west-1.compute.amazonaws.com",
        "https://my-lb-1.eu-west-1.elb.amazonaws.com",
        "https://vpce-0a1b-2c3d.vpce-svc-0123456789abcdef0.eu-west-1.vpce.amazonaws.com",
        "https://vpce-0a1b-2c3d.execute-api.eu-west-1.vpce.amazonaws.com",
        "https://amazonaws.com",
        # S3 Object Lambda: its Lambda writes the answer, LastModified included
        "https://ap-123456789012.s3-object-lambda.eu-west-1.amazonaws.com",
        "https://fairdice-archive-q1w2e3r4t5y6u7i8o9p0--ol-s3.s3.eu-west-1.amazonaws.com",
        # S3's website endpoint is not its API
        "https://fairdice-archive.s3-website-eu-west-1.amazonaws.com",
        # not AWS, or not over TLS (anyone between may answer)
        "http://s3.eu-west-1.amazonaws.com",
        "http://127.0.0.1:9000",
        "https://minio.example",
        "https://amazonaws.com.example",
        "https://s3.amazonaws.com.evil.example",
        "https://s3.eu-west-1.amazonaws.com.evil.example",
        "https://notamazonaws.com",
        "https://s3.notamazonaws.com",
        None,
    ],
)
def test_any_other_endpoint_witnesses_nothing(endpoint: str | None) -> None:
    assert aws_own(endpoint, "fairdice-archive") is False


@pytest.mark.parametrize(
    "bucket",
    [
        "fairdice-archive-q1w2e3r4t5y6u7i8o9p0--ol-s3",
        "arn:aws:s3-object-lambda:eu-west-1:123456789012:accesspoint/fairdice-archive",
    ],
)
def test_an_object_lambda_access_point_on_s3s_own_endpoint_witnesses_nothing(bucket: str) -> None:
    # Given S3's own endpoint, When the bucket named is an Object Lambda access point (its alias or its ARN),
    # Then its answers, LastModified included, are its Lambda's, and witness nothing
    assert aws_own("https://s3.eu-west-1.amazonaws.com", bucket) is False
    assert aws_own("https://s3.eu-west-1.amazonaws.com", "fairdice-archive") is True


@pytest.mark.parametrize(
    "endpoint",
    [
        "http://127.0.0.1:9000",
        "http://localhost:4566",
        "https://s3.eu-west-1.amazonaws.com",
        "http://[::1]:9000",
        "http://[::1]",
        "http://host.:9000/path",
        "http://minio_1:9000",  # a compose service's name: botocore refuses it (review)
        "http://a..b",
        "http://-host",
        "http://host-",
        "http://exa mple.com",
        "http://hést",
        "http://[::g]",
        "http://" + "a" * 64,
        "http://" + ".".join(["a" * 63] * 4) + ".",  # 256 characters with its final dot (review I)
        "http://[::1%25é]:9000",
        "http://host\t",
        "ftp://127.0.0.1",
        "http://",
        "foo",
    ],
)
def test_an_endpoint_is_taken_exactly_where_botocore_takes_it_and_is_an_http_url(endpoint: str) -> None:
    # Refused by name when the settings are read, not later by botocore as a traceback or a 500 (review)
    try:
        botocore_takes = bool(is_valid_endpoint_url(endpoint)) or bool(is_valid_ipv6_endpoint_url(endpoint))
    except ValueError:  # a bracketed host that is no address: urlsplit refuses it
        botocore_takes = False
    try:
        endpoint_url(endpoint)
    except ValueError:
        taken = False
    else:
        taken = True
    assert taken == (botocore_takes and endpoint.startswith(("http://", "https://")))


@pytest.mark.parametrize(
    "endpoint", ["http://127.0.0.1:0", "http://localhost:00/", "https://[::1]:0", "http://x:65536"]
)
def test_an_endpoint_on_port_0_is_refused_as_one_past_65535_is(endpoint: str) -> None:
    # Given an endpoint on a port no connection is made to, which botocore takes (review: port 0 was taken, as the
    # links' base URL, by the same rule, no longer took it, and every read of S3 would have failed)
    # Then it is refused when the settings are read, as the links' base URL on it is
    with pytest.raises(ValueError, match="an S3 endpoint is an http"):
        endpoint_url(endpoint)
    with pytest.raises(ValueError, match="a port, if any, 1 to 65535"):
        base_url(endpoint)


@pytest.mark.parametrize("region", ["us-east-1", "eu-west-1", "us-gov-west-1", "cn-north-1"])
@pytest.mark.parametrize(
    ("fips", "dualstack"), [(True, False), (False, True), (True, True)], ids=["fips", "dualstack", "fips dualstack"]
)
def test_s3s_own_fips_and_dualstack_endpoints_as_boto3_names_them_witness_when_an_object_was_written(
    region: str, fips: bool, dualstack: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given a client of AWS's own S3 made to use its FIPS or dual-stack endpoints (as AWS_USE_FIPS_ENDPOINT or a
    # config file may), in a region of each partition
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "testing")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "testing")
    config = Config(use_fips_endpoint=fips, use_dualstack_endpoint=dualstack)
    client = boto3.session.Session().client("s3", region_name=region, config=config)

    # Then the endpoint boto3 names for it is AWS S3's own (review: FIPS in us-east-1, s3-fips.aws-global, and FIPS
    # dual-stack in China, under amazonwebservices.com.cn, witnessed nothing)
    assert aws_own(client.meta.endpoint_url, "fairdice-archive") is True, client.meta.endpoint_url
