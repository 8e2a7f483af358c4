// sandjit-test: rtol=0 atol=0
// Reshape with the shape as a value-constrained argument: -1, rank 0 (an empty shape), a zero-size shape,
// more and fewer dims than the input.
func.func @test(%arg0: tensor<?x?xf32>, %arg1: tensor<?xi32> {rt.constraint = "value"}) -> tensor<*xf32> {
  %0 = "tf.Reshape"(%arg0, %arg1) {device = ""} : (tensor<?x?xf32>, tensor<?xi32>) -> tensor<*xf32>
  func.return %0 : tensor<*xf32>
}
