// jitrt argument attributes: rt.constraint / jitrt.constraint, jitrt.symbolic_shape with the
// printer's `dense<-2>: tensor<1xi64>` spacing; old-style `func` keyword and bare `return`.
// sweep: modes=enabled,always arg0=7 arg1=7 arg2=7x3
func @compute(%arg0: tensor<?xf32> {jitrt.symbolic_shape = dense<-2>: tensor<1xi64>},
              %arg1: tensor<?xf32> {jitrt.symbolic_shape = dense<-2>: tensor<1xi64>, rt.constraint = "shape"},
              %arg2: tensor<?x?xf32> {jitrt.constraint = "rank", jitrt.symbolic_shape = dense<[-2, 3]> : tensor<2xi64>}) -> tensor<?x?xf32> {
  %0 = "tf.AddV2"(%arg0, %arg1): (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  %c = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %1 = "tf.ExpandDims"(%0, %c) : (tensor<?xf32>, tensor<i32>) -> tensor<?x1xf32>
  %2 = "tf.Mul"(%1, %arg2) : (tensor<?x1xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %2 : tensor<?x?xf32>
}
