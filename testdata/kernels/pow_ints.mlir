// Integer Pow: negative exponents give 0 except for bases 1 and -1; 0**0 = 1; overflow wraps.
func.func @test(%V__0: tensor<?xi32> {python_test_attrs.static_type = tensor<20xi32>}, %V__1: tensor<?xi32> {python_test_attrs.static_type = tensor<20xi32>}, %V__2: tensor<?xi64> {python_test_attrs.static_type = tensor<20xi64>}, %V__3: tensor<?xi64> {python_test_attrs.static_type = tensor<20xi64>}) -> (tensor<?xi32>, tensor<?xi64>) {
  %0 = "tf.Pow"(%V__0, %V__1) {device = ""} : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
  %1 = "tf.Pow"(%V__2, %V__3) {device = ""} : (tensor<?xi64>, tensor<?xi64>) -> tensor<?xi64>
  func.return %0, %1 : tensor<?xi32>, tensor<?xi64>
}
