"""The verify API's handler: `verify_api.app.lambda_handler`, one module per thing it does."""
