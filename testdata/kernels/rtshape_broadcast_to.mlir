// sandjit-test: rtol=0 atol=0
// BroadcastTo with the target shape an argument read at run time: size-1 and equal dims, a zero-size dim.
func.func @test(%arg0: tensor<?x?xf32>, %arg1: tensor<3xi64>) -> tensor<?x?x?xf32> {
  %0 = "tf.BroadcastTo"(%arg0, %arg1) {device = ""} : (tensor<?x?xf32>, tensor<3xi64>) -> tensor<?x?x?xf32>
  func.return %0 : tensor<?x?x?xf32>
}
