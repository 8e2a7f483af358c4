// Add, Sub and Mul overflow wraps (two's complement) in every integer width.
func.func @test(%V__0: tensor<?xi32> {python_test_attrs.static_type = tensor<12xi32>}, %V__1: tensor<?xi32> {python_test_attrs.static_type = tensor<12xi32>}, %V__2: tensor<?xi16> {python_test_attrs.static_type = tensor<12xi16>}, %V__3: tensor<?xui8> {python_test_attrs.static_type = tensor<12xui8>}, %V__4: tensor<?xui64> {python_test_attrs.static_type = tensor<12xui64>}, %V__5: tensor<?xi64> {python_test_attrs.static_type = tensor<12xi64>}) -> (tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi16>, tensor<?xui8>, tensor<?xui8>, tensor<?xui64>, tensor<?xi64>) {
  %0 = "tf.AddV2"(%V__0, %V__1) {device = ""} : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
  %1 = "tf.Sub"(%V__0, %V__1) {device = ""} : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
  %2 = "tf.Mul"(%V__0, %V__1) {device = ""} : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
  %3 = "tf.Mul"(%V__2, %V__2) {device = ""} : (tensor<?xi16>, tensor<?xi16>) -> tensor<?xi16>
  %4 = "tf.Add"(%V__3, %V__3) {device = ""} : (tensor<?xui8>, tensor<?xui8>) -> tensor<?xui8>
  %5 = "tf.Sub"(%V__3, %V__3) {device = ""} : (tensor<?xui8>, tensor<?xui8>) -> tensor<?xui8>
  %6 = "tf.Mul"(%V__4, %V__4) {device = ""} : (tensor<?xui64>, tensor<?xui64>) -> tensor<?xui64>
  %7 = "tf.AddV2"(%V__5, %V__5) {device = ""} : (tensor<?xi64>, tensor<?xi64>) -> tensor<?xi64>
  func.return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi16>, tensor<?xui8>, tensor<?xui8>, tensor<?xui64>, tensor<?xi64>
}
