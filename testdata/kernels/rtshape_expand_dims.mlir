// sandjit-test: rtol=0 atol=0
// ExpandDims with dim an argument read at run time (negative dims count from the end).
func.func @test(%arg0: tensor<?x?xf32>, %arg1: tensor<i32>) -> tensor<?x?x?xf32> {
  %0 = "tf.ExpandDims"(%arg0, %arg1) {device = ""} : (tensor<?x?xf32>, tensor<i32>) -> tensor<?x?x?xf32>
  %1 = "tf.Neg"(%0) {device = ""} : (tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  func.return %1 : tensor<?x?x?xf32>
}
