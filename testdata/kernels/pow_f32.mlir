// sandjit-test: rtol=1e-5 atol=1e-6
// Float Pow follows C pow: pow(x, 0) = 1 even for NaN, pow(1, y) = 1, negative base with a non-integer exponent is NaN.
func.func @test(%V__0: tensor<?x?xf32> {python_test_attrs.static_type = tensor<4x6xf32>}, %V__1: tensor<?x?xf32> {python_test_attrs.static_type = tensor<4x6xf32>}) -> tensor<?x?xf32> {
  %0 = "tf.Pow"(%V__0, %V__1) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}
