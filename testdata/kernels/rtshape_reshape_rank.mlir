// sandjit-test: rtol=0 atol=0
// Reshape to a shape argument of dynamic length: the result's rank is the argument's length, known at run
// time only; the kernel compiles once per length (as for an unranked argument), never per value.
func.func @test(%arg0: tensor<?x?xf32>, %arg1: tensor<?xi64>) -> tensor<*xf32> {
  %0 = "tf.Reshape"(%arg0, %arg1) {device = ""} : (tensor<?x?xf32>, tensor<?xi64>) -> tensor<*xf32>
  func.return %0 : tensor<*xf32>
}
