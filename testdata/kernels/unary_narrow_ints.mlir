// Abs/Neg on i8 and i64 (INT_MIN wraps), Square on i16 and i64 (wraps), Sign on i16.
func.func @test(%V__0: tensor<?xi8> {python_test_attrs.static_type = tensor<16xi8>}, %V__1: tensor<?xi16> {python_test_attrs.static_type = tensor<16xi16>}, %V__2: tensor<?xi64> {python_test_attrs.static_type = tensor<16xi64>}) -> (tensor<?xi8>, tensor<?xi8>, tensor<?xi16>, tensor<?xi16>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>) {
  %0 = "tf.Abs"(%V__0) {device = ""} : (tensor<?xi8>) -> tensor<?xi8>
  %1 = "tf.Neg"(%V__0) {device = ""} : (tensor<?xi8>) -> tensor<?xi8>
  %2 = "tf.Square"(%V__1) {device = ""} : (tensor<?xi16>) -> tensor<?xi16>
  %3 = "tf.Sign"(%V__1) {device = ""} : (tensor<?xi16>) -> tensor<?xi16>
  %4 = "tf.Abs"(%V__2) {device = ""} : (tensor<?xi64>) -> tensor<?xi64>
  %5 = "tf.Neg"(%V__2) {device = ""} : (tensor<?xi64>) -> tensor<?xi64>
  %6 = "tf.Square"(%V__2) {device = ""} : (tensor<?xi64>) -> tensor<?xi64>
  func.return %0, %1, %2, %3, %4, %5, %6 : tensor<?xi8>, tensor<?xi8>, tensor<?xi16>, tensor<?xi16>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>
}
