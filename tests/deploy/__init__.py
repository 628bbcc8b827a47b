"""Operating the stack (issue 15): what template.yaml deploys, read as CloudFormation reads it."""
